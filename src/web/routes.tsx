import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { usePageAnalytics } from './lib/analytics.ts';
import { queryClient } from './lib/api.ts';
import { useUser } from './lib/use-user.ts';

// Each page is its own chunk, so the landing and chat pages load only what they use.
const LandingPage = lazy(() => import('./pages/public/landing-page.tsx'));
const PricingPage = lazy(() => import('./pages/public/pricing-page.tsx'));
const DemoVideoPage = lazy(() => import('./pages/public/demo-video-page.tsx'));
const GdprPage = lazy(() => import('./pages/public/gdpr-page.tsx'));
const HoldingPage = lazy(() => import('./pages/public/holding-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/public/not-found-page.tsx'));
const LoginPage = lazy(() => import('./pages/auth/login-page.tsx'));
const SignupPage = lazy(() => import('./pages/auth/signup-page.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/auth/reset-password-page.tsx'));
const UpdatePasswordPage = lazy(() => import('./pages/auth/update-password-page.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page.tsx'));
const MyAccountPage = lazy(() => import('./pages/account/my-account-page.tsx'));
const CheckoutSuccessPage = lazy(() => import('./pages/checkout/checkout-success-page.tsx'));
const CheckoutCancelPage = lazy(() => import('./pages/checkout/checkout-cancel-page.tsx'));
const TestCheckoutPage = lazy(() => import('./pages/checkout/test-checkout-page.tsx'));
const ChatPage = lazy(() => import('./pages/chat/chat-page.tsx'));
// Toasts are rare: sonner loads after the first paint instead of with every page.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

export function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <span className="h-6 w-6 animate-spin rounded-full border-2 border-primary border-t-transparent" />
    </div>
  );
}

/** Routes every visitor can open, signed in or out. */
function SharedRoutes() {
  return (
    <Switch>
      <Route path="/pricing" component={PricingPage} />
      <Route path="/demovideo" component={DemoVideoPage} />
      <Route path="/checkout/success" component={CheckoutSuccessPage} />
      <Route path="/checkout/cancel" component={CheckoutCancelPage} />
      <Route path="/checkout/test" component={TestCheckoutPage} />
      <Route path="/chatbot/:companySlug/:propertySlug?" component={ChatPage} />
      <Route path="/holdingpage" component={HoldingPage} />
      <Route path="/gdpr" component={GdprPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function AppRoutes() {
  const { user, isLoading } = useUser();
  const isChat = typeof window !== 'undefined' && window.location.pathname.startsWith('/chatbot/');

  // The public chat never waits on the signed-in check.
  if (isLoading && !isChat) return <PageFallback />;

  return (
    <Suspense fallback={<PageFallback />}>
      {user && !user.id ? (
        <Switch>
          <Route path="/" component={SignupPage} />
          <Route path="/signup" component={SignupPage} />
          <Route>
            <SharedRoutes />
          </Route>
        </Switch>
      ) : user ? (
        <Switch>
          <Route path="/" component={DashboardPage} />
          <Route path="/my-account" component={MyAccountPage} />
          {/* Signed in already: the login page has nothing to do, and a reset link still works. */}
          <Route path="/login">
            <Redirect to="/" replace />
          </Route>
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/update-password" component={UpdatePasswordPage} />
          <Route>
            <SharedRoutes />
          </Route>
        </Switch>
      ) : (
        <Switch>
          <Route path="/" component={LandingPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/signup" component={SignupPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/update-password" component={UpdatePasswordPage} />
          <Route>
            <SharedRoutes />
          </Route>
        </Switch>
      )}
    </Suspense>
  );
}

/** Mounts the toaster once the browser is idle; sonner shows toasts raised before that when it arrives. */
function DeferredToaster() {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    const mount = () => setIsMounted(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(mount, 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(mount, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} position="top-center" richColors closeButton />
    </Suspense>
  );
}

function PageAnalytics() {
  usePageAnalytics();
  return null;
}

/**
 * The whole client: providers, routes and the toaster. `ssrPath` is set when the build prerenders
 * a public page to static HTML; in the browser the router reads the address bar.
 */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={ssrPath}>
          <PageAnalytics />
          <AppRoutes />
        </Router>
        <DeferredToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
