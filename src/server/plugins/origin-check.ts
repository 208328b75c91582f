import fp from 'fastify-plugin';
import type { Env } from '#server/env.ts';
import { AppError } from '#server/lib/errors.ts';
import { isSameOriginRequest } from '#server/lib/origin-check.ts';

/**
 * A browser request that changes state with our cookie must come from our own pages. Without a
 * cookie too, when the browser names another site: a cross-site form posting to /api/auth/login
 * would otherwise sign the visitor in to an account of the attacker's choosing. Stripe's webhook
 * has no browser origin; its signature protects it instead (the inbound mail webhook: its secret;
 * Twilio's and Meta's posts of tenants' messages: their signatures).
 */
export const originCheckPlugin = fp<{ env: Env }>(
  async (app, { env }) => {
    app.addHook('onRequest', async (request) => {
      if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/stripe/webhook')) return;
      // Inbound mail services post raw messages server to server; the webhook secret protects it.
      if (request.url.startsWith('/api/inbound/email')) return;
      // Twilio and Meta post tenants' messages server to server; their signatures protect them.
      if (request.url.startsWith('/api/channels/')) return;
      const secFetchSite = request.headers['sec-fetch-site'];
      const isOurs = isSameOriginRequest({
        origin: request.headers.origin,
        referer: request.headers.referer,
        secFetchSite: Array.isArray(secFetchSite) ? secFetchSite[0] : secFetchSite,
        hasCookie: Boolean(request.headers.cookie),
        appUrl: env.appUrl,
        host: request.headers.host,
      });
      if (!isOurs) {
        throw new AppError('FORBIDDEN', 'This request must come from a LetLead page (origin check failed)');
      }
    });
  },
  { name: 'origin-check' },
);
