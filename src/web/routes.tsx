import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { DeferredToaster } from './components/ui/deferred-toaster.tsx';
import { PageFallback } from './components/ui/page-fallback.tsx';
import { usePageAnalytics } from './lib/analytics.ts';
import { queryClient } from './lib/query-client.ts';
import { useUser } from './lib/use-user.ts';

// Each page is its own chunk, so the landing page loads only what it uses. The public chat and
// the holding page are another entry (src/web/chat/), which the server sends for their paths.
const LandingPage = lazy(() => import('./pages/public/landing-page.tsx'));
const PricingPage = lazy(() => import('./pages/public/pricing-page.tsx'));
const DemoVideoPage = lazy(() => import('./pages/public/demo-video-page.tsx'));
const GdprPage = lazy(() => import('./pages/public/gdpr-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/public/not-found-page.tsx'));
const LoginPage = lazy(() => import('./pages/auth/login-page.tsx'));
const SignupPage = lazy(() => import('./pages/auth/signup-page.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/auth/reset-password-page.tsx'));
const UpdatePasswordPage = lazy(() => import('./pages/auth/update-password-page.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page.tsx'));
const MyAccountPage = lazy(() => import('./pages/account/my-account-page.tsx'));
const IntegrationsPage = lazy(() => import('./pages/settings/integrations-page.tsx'));
const TeamPage = lazy(() => import('./pages/settings/team-page.tsx'));
const JoinPage = lazy(() => import('./pages/auth/join-page.tsx'));
const CheckoutSuccessPage = lazy(() => import('./pages/checkout/checkout-success-page.tsx'));
const CheckoutCancelPage = lazy(() => import('./pages/checkout/checkout-cancel-page.tsx'));
const TestCheckoutPage = lazy(() => import('./pages/checkout/test-checkout-page.tsx'));
const ManageViewingPage = lazy(() => import('./pages/viewings/manage-viewing-page.tsx'));

// The path this document was loaded at: the server sent this app, not the chat entry, for it.
const loadedPath = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * A link inside the app to the chat or holding page: the server sends those pages' own entry,
 * so the browser loads the address in full. Were this document itself loaded there (a server
 * without the chat entry), reloading would loop: it shows the 404 page instead.
 */
function FullPageLoad() {
  useLocation(); // renders again on every navigation
  const isLoadedHere = window.location.pathname === loadedPath;
  useEffect(() => {
    if (!isLoadedHere) window.location.replace(window.location.href);
  }, [isLoadedHere]);
  return isLoadedHere ? <NotFoundPage /> : <PageFallback />;
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
      <Route path="/chatbot/:companySlug/:propertySlug?" component={FullPageLoad} />
      <Route path="/holdingpage" component={FullPageLoad} />
      <Route path="/gdpr" component={GdprPage} />
      <Route path="/viewings/:token" component={ManageViewingPage} />
      <Route path="/join" component={JoinPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}

export function AppRoutes() {
  const { user, isLoading } = useUser();

  if (isLoading) return <PageFallback />;

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
          <Route path="/integrations" component={IntegrationsPage} />
          <Route path="/team" component={TeamPage} />
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

function PageAnalytics() {
  const [location] = useLocation();
  usePageAnalytics(location);
  return null;
}

/**
 * The whole client: providers, routes and the toaster. `ssrPath` (and `ssrSearch`) are set when
 * the build prerenders a page to static HTML; in the browser the router reads the address bar.
 */
export function App({ ssrPath, ssrSearch }: { ssrPath?: string; ssrSearch?: string }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
          <PageAnalytics />
          <AppRoutes />
        </Router>
        <DeferredToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
