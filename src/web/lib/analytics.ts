import type { AnalyticsEvent } from '#shared/schemas/analytics.ts';

/** Web vitals wait this long after the page loads, so measuring never competes with loading. */
export const VITALS_DELAY_MS = 5000;
const FLUSH_DELAY_MS = 1000;
const ENDPOINT = '/api/analytics';

type BrowserPrivacySignals = Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };

/** Do Not Track or Global Privacy Control: such visitors are not counted at all. */
export function hasOptedOut(): boolean {
  const navigatorSignals = navigator as BrowserPrivacySignals;
  const windowSignal = (window as Window & { doNotTrack?: string }).doNotTrack;
  return (
    navigatorSignals.globalPrivacyControl === true ||
    navigatorSignals.doNotTrack === '1' ||
    navigatorSignals.msDoNotTrack === '1' ||
    windowSignal === '1'
  );
}

const queue: AnalyticsEvent[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
let isListeningForHide = false;

function flush() {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (queue.length === 0) return;
  const body = JSON.stringify({ events: queue.splice(0, 20) });
  // sendBeacon survives the page closing; fetch with keepalive is the fallback where it is missing or refuses.
  const isQueued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, body);
  if (!isQueued) {
    void fetch(ENDPOINT, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'Content-Type': 'text/plain' },
    }).catch(() => undefined);
  }
  if (queue.length > 0) flush();
}

function enqueue(event: AnalyticsEvent) {
  if (hasOptedOut()) return;
  queue.push(event);
  if (!isListeningForHide) {
    isListeningForHide = true;
    // The last vitals (CLS, INP) are final only when the page is hidden: send whatever is left then.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
  }
  flushTimer ??= setTimeout(flush, FLUSH_DELAY_MS);
}

/** Records a page view: the path only (no query string, no fragment) and where the visitor came from. */
export function trackPageView(path: string, referrer: string | null) {
  enqueue({ kind: 'pageview', path, referrer });
}

let areVitalsScheduled = false;

/** Loads web-vitals 5 s after it is called and reports each metric as it becomes known. */
export function scheduleWebVitals() {
  if (areVitalsScheduled || hasOptedOut()) return;
  areVitalsScheduled = true;
  setTimeout(async () => {
    const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
    const report = ({ name, value }: { name: 'CLS' | 'FCP' | 'INP' | 'LCP' | 'TTFB'; value: number }) => {
      const rounded = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
      enqueue({ kind: 'vital', path: window.location.pathname, metric: name, value: rounded });
    };
    onCLS(report);
    onFCP(report);
    onINP(report);
    onLCP(report);
    onTTFB(report);
  }, VITALS_DELAY_MS);
}

/** Whether this is the visit's first page view (the web vitals are scheduled with it). */
export const isFirstPageView = () => !areVitalsScheduled;
