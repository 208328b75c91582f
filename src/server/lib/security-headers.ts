import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once. Its middleware would build the same dozen headers again
 * for every request (the CSP string included), which costs more than a small API answer itself;
 * none of them depends on the request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let isDone = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {
    isDone = true;
  });
  if (!isDone) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
