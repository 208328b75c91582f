import { useEffect } from 'react';
import { isFirstPageView, scheduleWebVitals, trackPageView } from './analytics.ts';

/**
 * First-party, cookieless analytics for the whole app: a page view on every route change (the
 * first one with the external referrer) and the web vitals once per visit. `location` is the
 * path, without the query string.
 */
export function usePageAnalytics(location: string) {
  useEffect(() => {
    const isFirstView = isFirstPageView();
    trackPageView(location, isFirstView ? document.referrer || null : null);
    scheduleWebVitals();
  }, [location]);
}
