import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/lib/context.ts';
import { rootDir, webDistDir } from '#server/lib/paths.ts';
import { publicConfigSchema } from '#shared/schemas/site.ts';
import { siteTokens } from '#shared/site.ts';

/** Puts this deployment's public address and contact email where the build left placeholders. */
export function fillSiteTokens(text: string, env: AppContext['env']): string {
  return text
    .replaceAll(siteTokens.appUrl, env.appUrl)
    .replaceAll(siteTokens.contactEmail, escapeHtml(env.contactEmail));
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

// robots.txt and sitemap.xml need absolute URLs, which only the running server knows.
const templatedFiles: Record<string, string> = {
  '/robots.txt': 'text/plain; charset=utf-8',
  '/sitemap.xml': 'application/xml; charset=utf-8',
};

function readPublicFile(name: string): string | undefined {
  for (const dir of [webDistDir, path.join(rootDir, 'src/web/public')]) {
    const file = path.join(dir, name);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return undefined;
}

/** GET /api/public/config, and robots.txt and sitemap.xml with this deployment's address. */
export async function registerSite(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const filled = new Map<string, string>();

  app.get(
    '/api/public/config',
    { schema: { response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { contactEmail: ctx.env.contactEmail };
    },
  );

  // A hook rather than routes: the static file server already claims every file name in dist/web.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0] ?? '';
    const type = templatedFiles[pathname];
    if (!type) return;
    let body = filled.get(pathname);
    if (body === undefined) {
      const template = readPublicFile(pathname.slice(1));
      if (template === undefined) return;
      body = fillSiteTokens(template, ctx.env);
      filled.set(pathname, body);
    }
    return reply.type(type).header('cache-control', 'public, max-age=3600').send(body);
  });
}
