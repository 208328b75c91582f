import fp from 'fastify-plugin';
import type { Env } from '#server/env.ts';
import { securityHeaders } from '#server/lib/security-headers.ts';

/**
 * Helmet's headers on every answer, computed once at start: a strict Content Security Policy,
 * no framing (the chat page relaxes it, see page-fallback.ts), and HSTS when served over HTTPS.
 */
export const securityHeadersPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    const headers = securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Radix positions popovers with inline style attributes; scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          ...(env.appUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: env.appUrl.startsWith('https://')
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      crossOriginEmbedderPolicy: false,
      frameguard: { action: 'deny' },
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
