import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './app.ts';
import { type CompanyUser, createCompanyUser } from './factories.ts';
import { type SmtpReceiver, startSmtpReceiver } from './smtp.ts';

type EnvOverrides = Record<string, string | undefined>;

/**
 * Stands for a value a `beforeAll` makes, so a describe block can name it once at the top
 * (`const app = setUpTestApp()`) and use it in its hooks and tests as the value itself. Reading
 * it before that `beforeAll` has run (while the tests are being collected) throws.
 */
export function lateBound<T extends object>(what: string, current: () => T | undefined): T {
  const value = () => {
    const made = current();
    if (made === undefined) throw new Error(`${what} is used before its beforeAll has made it`);
    return made;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = value();
      const property = Reflect.get(target, key, target);
      return typeof property === 'function' ? property.bind(target) : property;
    },
    set: (_, key, property) => Reflect.set(value(), key, property),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      // The stand-in's own target is empty: a descriptor it reports must be configurable.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/** A value made before the block's tests and, when `dispose` is given, disposed of after them. */
export function madeBeforeAll<T extends object>(
  what: string,
  make: () => Promise<T>,
  dispose?: (value: T) => Promise<void>,
): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  if (dispose) {
    afterAll(async () => {
      if (made) await dispose(made);
    });
  }
  return lateBound(what, () => made);
}

/**
 * The real app for a describe block: built on a fresh database before its tests, closed after
 * them. Overrides that depend on something another hook starts (an SMTP receiver's URL) can be
 * given as a function; it runs when the app is built.
 */
export function setUpTestApp(
  envOverrides: EnvOverrides | (() => EnvOverrides) = {},
  options: TestAppOptions = {},
): TestApp {
  return madeBeforeAll(
    'the test app',
    () => createTestApp(typeof envOverrides === 'function' ? envOverrides() : envOverrides, options),
    (app) => app.close(),
  );
}

/** A real SMTP server for a describe block, stopped after its tests. */
export function setUpSmtpReceiver(): SmtpReceiver {
  return madeBeforeAll('the SMTP receiver', startSmtpReceiver, (smtp) => smtp.close());
}

/** A signed-in owner of a new company, made before the block's tests. */
export function setUpCompanyUser(
  app: TestApp,
  companyOverrides: Parameters<typeof createCompanyUser>[1] = {},
): CompanyUser {
  return madeBeforeAll('the company user', () => createCompanyUser(app, companyOverrides));
}
