import { z } from 'zod';

/** The Core Web Vitals (and the two loading timings) that web-vitals reports. */
export const analyticsMetrics = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const;
export type AnalyticsMetric = (typeof analyticsMetrics)[number];

// A pathname only: query strings and fragments can carry tokens and emails.
const pathSchema = z
  .string()
  .min(1)
  .max(512)
  .regex(/^\/[^?#\s]*$/, 'Must be a path starting with / (no query string)');

export const pageViewEventSchema = z.object({
  kind: z.literal('pageview'),
  path: pathSchema,
  /** The full referrer URL as the browser gives it; only its host is stored. */
  referrer: z.string().max(2048).nullish(),
});

export const vitalEventSchema = z.object({
  kind: z.literal('vital'),
  path: pathSchema,
  metric: z.enum(analyticsMetrics),
  // Milliseconds for timings, a unitless score for CLS; anything past 10 minutes is noise.
  value: z.number().finite().min(0).max(600_000),
});

export const analyticsEventSchema = z.discriminatedUnion('kind', [pageViewEventSchema, vitalEventSchema]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** POST /api/analytics: a small batch, sent with navigator.sendBeacon (text/plain JSON). */
export const analyticsBatchSchema = z.object({
  events: z.array(analyticsEventSchema).min(1).max(20),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;
