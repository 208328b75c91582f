import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, StrictMode, Suspense, useEffect } from 'react';
import { Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { useIsPhone } from './components/dashboard/use-is-phone.ts';
import { DeferredToaster } from './components/ui/deferred-toaster.tsx';
import { PageFallback } from './components/ui/page-fallback.tsx';
import { queryClient } from './lib/query-client.ts';
import { usePageAnalytics } from './lib/use-page-analytics.ts';
import { useUser } from './lib/use-user.ts';

// Each page is its own chunk, so the landing page loads only what it uses. The public chat and
// the holding page are another entry (src/web/chat/), and so is the tenant's viewing page
// (src/web/viewing/): the server sends those entries for their paths.
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
const CalendarFeedPage = lazy(() => import('./pages/settings/calendar-feed-page.tsx'));
const JoinPage = lazy(() => import('./pages/auth/join-page.tsx'));
const CheckoutSuccessPage = lazy(() => import('./pages/checkout/checkout-success-page.tsx'));
const CheckoutCancelPage = lazy(() => import('./pages/checkout/checkout-cancel-page.tsx'));
const TestCheckoutPage = lazy(() => import('./pages/checkout/test-checkout-page.tsx'));

// The path this document was loaded at: the server sent this app, not the chat entry, for it.
const loadedPath = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * A link inside the app to the chat, holding or viewing page: the server sends those pages' own entry,
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

/** Signed in already: the login page has nothing to do. */
function RedirectHome() {
  return <Redirect to="/" replace />;
}

/** A path (wouter's pattern) and the page it shows. */
type PageRoute = readonly [path: string, page: ComponentType];

/** Routes every visitor can open, signed in or out; tried after the visitor's own. */
const everyoneRoutes: PageRoute[] = [
  ['/pricing', PricingPage],
  ['/demovideo', DemoVideoPage],
  ['/checkout/success', CheckoutSuccessPage],
  ['/checkout/cancel', CheckoutCancelPage],
  ['/checkout/test', TestCheckoutPage],
  ['/chatbot/:companySlug/:propertySlug?', FullPageLoad],
  ['/holdingpage', FullPageLoad],
  ['/gdpr', GdprPage],
  ['/viewings/:token', FullPageLoad],
  ['/join', JoinPage],
];

/** Signed up but not finished: the sign-up page goes on from where they left it. */
const signingUpRoutes: PageRoute[] = [
  ['/', SignupPage],
  ['/signup', SignupPage],
];

/** Signed in: the dashboard and the account pages; a password reset link still works. */
const memberRoutes: PageRoute[] = [
  ['/', DashboardPage],
  ['/my-account', MyAccountPage],
  ['/integrations', IntegrationsPage],
  ['/team', TeamPage],
  ['/calendar-feed', CalendarFeedPage],
  ['/login', RedirectHome],
  ['/reset-password', ResetPasswordPage],
  ['/update-password', UpdatePasswordPage],
];

/** Signed out: the landing page, signing in and up, and password resets. */
const visitorRoutes: PageRoute[] = [
  ['/', LandingPage],
  ['/login', LoginPage],
  ['/signup', SignupPage],
  ['/reset-password', ResetPasswordPage],
  ['/update-password', UpdatePasswordPage],
];

/** Every route the router has, for src/web/routes.test.ts to compare with the server's list. */
export const allPageRoutes = [...everyoneRoutes, ...signingUpRoutes, ...memberRoutes, ...visitorRoutes];

export function AppRoutes() {
  const { user, isLoading } = useUser();

  if (isLoading) return <PageFallback />;

  const ownRoutes = user && !user.id ? signingUpRoutes : user ? memberRoutes : visitorRoutes;
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        {[...ownRoutes, ...everyoneRoutes].map(([path, page]) => (
          <Route key={path} path={path} component={page} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

/**
 * A member's toaster loads sonner once the browser is idle: their pages raise toasts often and the
 * first should not wait. A visitor's pages (sign-up, login) rarely do, so there sonner loads with
 * the first toast and not with the page.
 *
 * On a desk toasts sit at the bottom right, clear of the header's company name, navigation and
 * account buttons, which a toast at the top centre covered. On a phone they stay at the top centre,
 * away from the buttons that a phone's dialogs and forms keep at the bottom.
 */
function AppToaster() {
  const { user } = useUser();
  const isPhone = useIsPhone();
  return (
    <DeferredToaster
      mountOn={user?.id ? 'idle' : 'first-toast'}
      position={isPhone ? 'top-center' : 'bottom-right'}
    />
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
        <AppToaster />
      </QueryClientProvider>
    </StrictMode>
  );
}
