import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refreshCreditsForOwner } from '#server/features/billing/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { unauthorized } from '#server/lib/errors.ts';
import { requireUser } from '#server/lib/session.ts';
import {
  authUserSchema,
  emailRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  updatePasswordRequestSchema,
} from '#shared/schemas/auth.ts';
import { loadAuthUser } from './auth-user.ts';
import { withMinimumDuration } from './better-auth-errors.ts';
import { registerDevMail } from './dev-mail.ts';
import { resendVerification, verifyEmail } from './email-verification.ts';
import { requestPasswordReset, updatePassword } from './password-reset.ts';
import { authRateLimits } from './rate-limits.ts';
import { logIn, logOut } from './sessions.ts';
import { signUp } from './sign-up.ts';

/** The spec's /api/auth/* routes: thin adapters over better-auth (src/server/lib/auth.ts). */
export async function registerAuth(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { perIp, perEmail } = authRateLimits(root, ctx.env);

  app.post(
    '/api/auth/signup',
    {
      schema: { body: signupRequestSchema, response: { 201: signupResponseSchema } },
      config: perIp,
      preHandler: perEmail('signup'),
    },
    async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      // New and existing addresses take different paths; the floor keeps their timing alike.
      const answer = await withMinimumDuration(700, () => signUp(ctx, { input: request.body, headers }));
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: authUserSchema } },
      config: perIp,
      preHandler: perEmail('login'),
    },
    async (request, reply) => {
      const { user, cookies } = await logIn(ctx, {
        input: request.body,
        headers: fromNodeHeaders(request.headers),
      });
      reply.header('set-cookie', cookies);
      return user;
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const { cookies } = await logOut(ctx, { headers: fromNodeHeaders(request.headers) });
      reply.header('set-cookie', cookies);
      return { message: 'You have been signed out' };
    },
  );

  app.get('/api/auth/user', { schema: { response: { 200: authUserSchema } } }, async (request) => {
    const sessionUser = await requireUser(ctx, request);
    await refreshCreditsForOwner(ctx, sessionUser.id);
    const user = await loadAuthUser(ctx, sessionUser.id);
    // The session outlived its user (the account was deleted): treat it as signed out.
    if (!user) throw unauthorized();
    return user;
  });

  app.get(
    '/api/auth/verify-email',
    { schema: { querystring: z.object({ token: z.string().optional() }) } },
    async (request, reply) => {
      const outcome = await verifyEmail(ctx, { token: request.query.token });
      const target = outcome === 'verified' ? '/login?verified=1' : `/login?verifyError=${outcome}`;
      return reply.header('cache-control', 'no-store').redirect(target);
    },
  );

  // Each emails a link to the address given, and answers alike whether or not it has an account.
  for (const [path, limit, sendLink] of [
    ['/api/auth/resend-verification', 'resend', resendVerification],
    ['/api/auth/reset-password', 'reset', requestPasswordReset],
  ] as const) {
    app.post(
      path,
      {
        schema: { body: emailRequestSchema, response: { 200: messageResponseSchema } },
        config: perIp,
        preHandler: perEmail(limit),
      },
      async (request) => ({ message: await sendLink(ctx, request.body) }),
    );
  }

  app.post(
    '/api/auth/update-password',
    {
      schema: { body: updatePasswordRequestSchema, response: { 200: messageResponseSchema } },
      config: perIp,
    },
    async (request) => ({ message: await updatePassword(ctx, { input: request.body }) }),
  );

  await registerDevMail(root, ctx);
}
