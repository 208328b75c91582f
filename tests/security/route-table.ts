import type { FastifyInstance } from 'fastify';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteKey = `${RouteMethod} ${string}`;

const methods: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every route the app serves, as "METHOD /path" (HEAD, which Fastify adds beside each GET, is
 * left out: it runs the GET's handler). Read from Fastify's own route table so that a route added
 * later shows up here, and a security test that does not know it fails.
 */
export function listRoutes(app: FastifyInstance): RouteKey[] {
  // printRoutes draws a tree ("│   ├── /register (POST)"): each level indents by four characters
  // and a line's path continues its parent's.
  const tree = app.printRoutes({ commonPrefix: false });
  const parents: string[] = [];
  const routes: RouteKey[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(?<indent>[│ ]*)[├└]── (?<segment>\S+)(?: \((?<verbs>[A-Z, ]+)\))?$/u.exec(line);
    if (!match?.groups) continue;
    const depth = (match.groups.indent?.length ?? 0) / 4;
    const path = (depth > 0 ? (parents[depth - 1] ?? '') : '') + match.groups.segment;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const verb of (match.groups.verbs ?? '').split(',').map((v) => v.trim())) {
      if (methods.includes(verb)) routes.push(`${verb as RouteMethod} ${path}`);
    }
  }
  if (routes.length === 0) throw new Error(`Could not read Fastify's route table:\n${tree}`);
  return [...new Set(routes)].sort();
}

export function splitRouteKey(key: RouteKey): { method: RouteMethod; path: string } {
  const [method, path] = key.split(' ') as [RouteMethod, string];
  return { method, path };
}
