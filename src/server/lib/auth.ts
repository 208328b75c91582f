import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { accounts, sessions, users, verifications } from '#server/db/schema.ts';
import type { Env } from '#server/env.ts';
import type { Email } from './mail.ts';

type AuthOptions = {
  env: Env;
  db: Db;
  /** Sends (or queues) an email; the accounts feature writes the wording. */
  sendEmail: (email: Email) => Promise<void>;
  templates: {
    verification: (input: { to: string; firstName: string | null; url: string }) => Email;
    passwordReset: (input: { to: string; firstName: string | null; url: string }) => Email;
  };
  /**
   * The app's logger: better-auth's own lines go through it, whose guards keep the session
   * tokens and emails that its database errors carry out of the log (its console logger prints
   * them whole).
   */
  log?: FastifyBaseLogger;
};

/**
 * better-auth owns password hashing, sessions and tokens. It is not mounted as a catch-all:
 * the spec's /api/auth/* routes are thin adapters over `auth.api.*`, and the links in emails
 * point at our own routes and pages.
 */
export function createAuth({ env, db, sendEmail, templates, log }: AuthOptions) {
  return betterAuth({
    appName: 'LetLead',
    baseURL: env.appUrl,
    basePath: '/api/auth/internal',
    secret: env.sessionSecret,
    trustedOrigins: [env.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, fieldName: 'firstName' },
        lastName: { type: 'string', required: false, fieldName: 'lastName' },
        profileImageUrl: { type: 'string', required: false, fieldName: 'profileImageUrl', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const url = `${env.appUrl}/update-password#token=${encodeURIComponent(token)}`;
        const firstName = (user as { firstName?: string | null }).firstName ?? null;
        await sendEmail(templates.passwordReset({ to: user.email, firstName, url }));
      },
    },
    emailVerification: {
      // Our sign-up sends it itself, once the company exists too, so that a failed sign-up
      // never leaves a verification link to an account that was rolled back.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${env.appUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
        const firstName = (user as { firstName?: string | null }).firstName ?? null;
        await sendEmail(templates.verification({ to: user.email, firstName, url }));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'letlead',
      useSecureCookies: env.appUrl.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    telemetry: { enabled: false },
    // Its warnings ("User not found", "Invalid password") are expected traffic, not problems.
    logger: {
      level: 'error',
      ...(log
        ? {
            log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
              const err = args.find((arg) => arg instanceof Error);
              log[level](err ? { err } : {}, `better-auth: ${message}`);
            },
          }
        : {}),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The signed-in user of a request, or null. */
export async function getSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const user = session.user as typeof session.user & {
    firstName?: string | null;
    lastName?: string | null;
    profileImageUrl?: string | null;
  };
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    profileImageUrl: user.profileImageUrl ?? null,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}

/** The id of the request's signed-in session, or null (a stream closes when its session ends). */
export async function getSessionId(auth: Auth, request: FastifyRequest): Promise<string | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return session?.session.id ?? null;
}
