/**
 * The project's boundaries, checked by `npm run lint:deps` (part of `npm test`).
 * docs/architecture.md ("Boundaries") explains each rule and what to do when one fails.
 */
const feature = '^src/server/features/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular-files',
      comment:
        'Two files that import each other (directly or through others) cannot be understood or moved apart.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-through-index',
      comment:
        "A feature shows the others what they may use through its index.ts; a file inside another feature is that feature's own business.",
      severity: 'error',
      from: { path: `${feature}` },
      to: {
        path: '^src/server/features/[^/]+/',
        pathNot: ['^src/server/features/$1/', '^src/server/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-through-index',
      comment: 'The rest of the server (app, main, plugins, lib) reaches a feature through its index.ts too.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/features/[^/]+/' },
      to: { path: '^src/server/features/[^/]+/', pathNot: '^src/server/features/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-feature-cycles',
      comment:
        'Feature folders form no loop, directly or through others: one of them must own the shared part or an event carry it.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/server/features/[^/]+' },
      to: { path: '^src/server/features/[^/]+', circular: true },
    },
    {
      name: 'web-not-server',
      comment: 'The browser bundle never imports server code.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-and-agent-stay-below',
      comment: 'shared and agent are imported by server and web; they import neither.',
      severity: 'error',
      from: { path: '^src/(shared|agent)/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'agent-does-no-io',
      comment: 'The agent is pure: the server hands it what it needs and does the I/O.',
      severity: 'error',
      from: { path: '^src/agent/', pathNot: '\\.test\\.ts$' },
      to: {
        dependencyTypes: ['core', 'npm'],
        path: [
          '^(node:)?(fs|net|http|https|http2|dgram|dns|child_process|worker_threads|tls)(/|$)',
          '^(pg|@electric-sql/pglite|drizzle-orm|ioredis|fastify|nodemailer|ai|@ai-sdk/.*)(/|$)',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^src/web/public/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
