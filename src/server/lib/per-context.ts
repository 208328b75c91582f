import type { AppContext } from './context.ts';

/**
 * Something kept for the life of one app (its caches, prepared statements, batchers): made on
 * first use, one per app context, so that two apps in one process (tests, the scale-out test's
 * instances) never share it, and dropped with the app.
 */
export function perContext<T>(create: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const values = new WeakMap<AppContext, T>();
  return (ctx) => {
    let value = values.get(ctx);
    if (value === undefined) {
      value = create(ctx);
      values.set(ctx, value);
    }
    return value;
  };
}
