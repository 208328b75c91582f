/**
 * Every rate limit lifted, for the suites and benchmarks that send thousands of requests from one
 * address (fuzzing, scale tests, benchmarks). The limits themselves have their own tests.
 */
export const LIFTED_RATE_LIMITS = {
  RATE_LIMIT_AUTH_PER_MINUTE: '100000000',
  RATE_LIMIT_CHAT_PER_MINUTE: '100000000',
  RATE_LIMIT_INBOUND_PER_MINUTE: '100000000',
  RATE_LIMIT_API_PER_MINUTE: '100000000',
  RATE_LIMIT_PUBLIC_API_PER_MINUTE: '100000000',
} as const;
