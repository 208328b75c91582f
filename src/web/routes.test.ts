import { describe, expect, test } from 'vitest';
import { clientRoutePatterns, isClientRoute } from '#shared/routes.ts';
import { allPageRoutes } from './routes.tsx';

/**
 * The server answers 404 for a path that is not a client route (src/shared/routes.ts), while the
 * client's router (src/web/routes.tsx) decides what each path shows. The two lists must agree, or a
 * real page would be served with a 404 status, or an unknown path with 200.
 */
const routerPaths = [...new Set(allPageRoutes.map(([path]) => path))];

/** Example paths a wouter pattern matches: an optional parameter both given and left out. */
function examplesOf(pattern: string): string[] {
  const given = pattern.replace(/:[A-Za-z]+\??/g, 'example-slug');
  const without = pattern.replace(/\/:[A-Za-z]+\?/g, '').replace(/:[A-Za-z]+/g, 'example-slug');
  return [...new Set([given, without])];
}

describe('the client routes the server knows are the router’s routes', () => {
  test('the router has routes to compare', () => {
    expect(routerPaths.length).toBeGreaterThan(10);
  });

  for (const path of routerPaths) {
    test(`${path} is a client route for the server`, () => {
      for (const example of examplesOf(path)) expect(isClientRoute(example), example).toBe(true);
    });
  }

  for (const pattern of clientRoutePatterns) {
    test(`${pattern} matches a route of the router`, () => {
      const examples = routerPaths.flatMap(examplesOf);
      expect(examples.some((example) => pattern.test(example))).toBe(true);
    });
  }

  test('an unknown path is not a client route', () => {
    expect(isClientRoute('/no-such-page')).toBe(false);
  });
});
