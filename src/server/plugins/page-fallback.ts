import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { findCompanyDirectory } from '#server/features/directory/index.ts';
import { createWebPages, isChatEntryPath } from '#server/features/site/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { webDistDir } from '#server/lib/paths.ts';
import { matchChatRoute } from '#shared/chat-routes.ts';
import { isClientRoute } from '#shared/routes.ts';

/**
 * The built web client and the answer for every path no route took: files in dist/web by path,
 * the app's HTML for a client route (200) or an unknown path (404, the app shows its 404 page),
 * and JSON `{ message: 'Not found' }` under /api/ or when the client is not served.
 */
export const pageFallbackPlugin = fp<{ ctx: AppContext; serveWeb: boolean }>(
  async (app, { ctx, serveWeb }) => {
    if (serveWeb) await registerWebClient(app);
    const webPages = createWebPages(ctx.env);
    app.setNotFoundHandler(async (request, reply) => {
      const [pathname = '/', search = ''] = request.url.split('?');
      if (pathname.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method) || !serveWeb) {
        return reply.status(404).send({ message: 'Not found' });
      }
      const isKnownRoute = isClientRoute(pathname);
      if (isKnownRoute && isChatEntryPath(pathname)) allowFraming(reply);
      const isFound = isKnownRoute && (await isChatLinkLive(ctx, pathname));
      const html = webPages.html({ pathname, search, cookie: request.headers.cookie, isKnownRoute });
      reply
        .status(isFound ? 200 : 404)
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(compressedPages.get(html, encoding));
    });
  },
  { name: 'page-fallback' },
);

/**
 * The few HTML pages (prerendered pages, app and chat shells) differ only by this deployment's
 * address: each is compressed once, at the best levels, on its first request and kept.
 */
function createCompressedPages() {
  const cache = new Map<string, Buffer>();
  return {
    get(html: string, encoding: 'br' | 'gzip'): Buffer {
      const key = `${encoding}:${html}`;
      let compressed = cache.get(key);
      if (!compressed) {
        compressed =
          encoding === 'br'
            ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } })
            : gzipSync(html, { level: zlib.Z_BEST_COMPRESSION });
        cache.set(key, compressed);
      }
      return compressed;
    },
  };
}
const compressedPages = createCompressedPages();

/** brotli where the browser takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(?:\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

async function registerWebClient(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes a .br and a .gz copy of every text file (vite.config.ts): sent as they are,
    // with Content-Encoding and Vary: Accept-Encoding; @fastify/compress leaves them alone.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  // Files in dist/web (assets, favicon, robots.txt) are served by path; everything else falls back.
  app.get('/*', async (request, reply) => {
    const pathname = decodeURIComponent((request.url.split('?')[0] ?? '/').slice(1));
    if (pathname && !pathname.includes('..') && existsSync(path.join(webDistDir, pathname))) {
      const full = path.join(webDistDir, pathname);
      if (!full.endsWith(`${path.sep}index.html`) && !isDirectory(full)) return reply.sendFile(pathname);
    }
    return reply.callNotFound();
  });
}

/**
 * A chat link names an agency and maybe one of its listings: the page for one that does not exist
 * (a deleted listing, a mistyped link) says so with a 404, so that search engines drop it. The
 * page itself shows "Company Not Found" for an unknown agency, and for a listing that is gone the
 * agency's own chat, saying the listing is no longer available. When the database cannot be
 * asked, the page is served.
 */
async function isChatLinkLive(ctx: AppContext, pathname: string): Promise<boolean> {
  const route = matchChatRoute(pathname, '');
  if (route.page !== 'chat') return true;
  try {
    const { companySlug, propertySlug } = route;
    const directory = await findCompanyDirectory(ctx, companySlug, { propertySlug });
    return directory !== null && (!propertySlug || directory.properties.some((p) => p.slug === propertySlug));
  } catch {
    return true;
  }
}

/**
 * Agencies put the tenant chat on their own websites in an iframe, so the chat page (and the
 * holding page it sends a tenant to when credits run out) may be framed by any site. Every other
 * page keeps frame-ancestors 'none': the dashboard and account pages can never be framed
 * (clickjacking). The chat carries no agent session (SameSite=Lax cookies stay out of a framed
 * page), so a frame can do nothing there that the tenant could not do on the page itself.
 */
function allowFraming(reply: FastifyReply) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header('content-security-policy', policy.replace("frame-ancestors 'none'", 'frame-ancestors *'));
  }
  reply.removeHeader('x-frame-options');
}

function isDirectory(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() ?? true;
}
