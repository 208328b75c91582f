import { createHash } from 'node:crypto';
import swagger from '@fastify/swagger';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type Company, companies } from '#server/db/schema.ts';
import { updateCompanyLead } from '#server/features/leads/index.ts';
import { createProperty, listProperties, updateProperty } from '#server/features/properties/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { propertyInputSchema } from '#shared/schemas/properties.ts';
import {
  apiErrorSchema,
  apiIdParamsSchema,
  apiLeadListQuerySchema,
  apiLeadListSchema,
  apiLeadSchema,
  apiLeadUpdateSchema,
  apiPropertyListSchema,
  apiPropertySchema,
  apiViewingListQuerySchema,
  apiViewingListSchema,
} from '#shared/schemas/public-api.ts';
import { type ApiCaller, authenticateApiKey, requireScope } from './api-keys.ts';
import { getApiLead, listApiLeads } from './api-leads.ts';
import { renderApiReference } from './api-reference-page.ts';
import { listApiViewings } from './api-viewings.ts';

declare module 'fastify' {
  interface FastifyRequest {
    apiCaller: ApiCaller | null;
  }
}

const errors = {
  400: apiErrorSchema.describe('The request is not valid: `errors` names each failing field'),
  401: apiErrorSchema.describe('The API key is missing, unknown or revoked'),
  403: apiErrorSchema.describe('The API key lacks the scope this needs'),
  404: apiErrorSchema.describe('Not found (or another company’s)'),
  429: apiErrorSchema.describe('Rate limited: wait the seconds `Retry-After` gives'),
};
const readErrors = { 401: errors[401], 404: errors[404], 429: errors[429] };
const writeErrors = { ...errors };

/**
 * The public API: `/api/v1/…` with `Authorization: Bearer ll_…`, rate limited per key, its
 * OpenAPI 3.1 document generated from the same zod schemas at `/api/v1/openapi.json`, and a
 * reference page at `/api/docs`. Registered in its own encapsulated context, so the document lists
 * these routes and no other.
 */
export async function registerPublicApi(root: FastifyInstance, ctx: AppContext): Promise<void> {
  await root.register(async (scope) => {
    await scope.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'LetLead API',
          version: '1.0.0',
          description:
            'Read your leads, keep your listings in step and follow viewings from your own systems. Every request carries `Authorization: Bearer ll_…` (create keys in Integrations). Errors answer `{ "message": "…" }`.',
        },
        servers: [{ url: ctx.env.appUrl }],
        components: {
          securitySchemes: {
            apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (`ll_…`) from Integrations' },
          },
        },
        security: [{ apiKey: [] }],
        tags: [
          { name: 'Leads', description: 'Qualified leads from finished chats' },
          { name: 'Properties', description: 'Your listings' },
          { name: 'Viewings', description: 'Viewings booked through the chat or by you' },
        ],
      },
      transform: createJsonSchemaTransform({ skipList: ['/api/v1/openapi.json', '/api/docs'] }),
      transformObject: createJsonSchemaTransformObject({}),
    });

    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.decorateRequest('apiCaller', null);
    const perKey = {
      rateLimit: {
        max: ctx.env.rateLimits.publicApiPerMinute,
        timeWindow: '1 minute',
        // Per key: an integration's burst never spends another's allowance behind the same address.
        keyGenerator: (request: FastifyRequest) => {
          const header = request.headers.authorization;
          return header ? `api-key:${createHash('sha256').update(header).digest('hex')}` : `ip:${request.ip}`;
        },
      },
    };
    // After the rate limiter (a route's own onRequest hook), before validation: no key is a 401.
    app.addHook('preValidation', async (request) => {
      if (!request.url.startsWith('/api/v1/') || request.url.startsWith('/api/v1/openapi.json')) return;
      request.apiCaller = await authenticateApiKey(ctx, request.headers.authorization);
    });
    const callerCompany = async (request: FastifyRequest): Promise<Company> => {
      const caller = request.apiCaller!;
      const [company] = await ctx.db.select().from(companies).where(eq(companies.id, caller.companyId));
      if (!company) throw notFound('Company not found');
      return company;
    };

    app.get(
      '/api/v1/leads',
      {
        config: perKey,
        schema: {
          tags: ['Leads'],
          summary: 'List leads',
          description:
            'Oldest change first, a page at a time: pass `nextCursor` back as `cursor` until it is null. Keep the last `updatedAt` you saw and pass it as `updatedSince` next time to fetch only what changed.',
          querystring: apiLeadListQuerySchema,
          response: { 200: apiLeadListSchema, 400: errors[400], ...readErrors },
        },
      },
      async (request) => listApiLeads(ctx, { companyId: request.apiCaller!.companyId, query: request.query }),
    );

    app.get(
      '/api/v1/leads/:id',
      {
        config: perKey,
        schema: {
          tags: ['Leads'],
          summary: 'Read a lead',
          params: apiIdParamsSchema,
          response: { 200: apiLeadSchema, ...readErrors },
        },
      },
      async (request) =>
        getApiLead(ctx, { companyId: request.apiCaller!.companyId, leadId: request.params.id }),
    );

    app.patch(
      '/api/v1/leads/:id',
      {
        config: perKey,
        schema: {
          tags: ['Leads'],
          summary: 'Move a lead along the pipeline',
          description:
            'Needs the `write` scope. Sets `status` (and `lostReason`, only with `lost`) as the dashboard does; the lead’s activity records the change. Answers the lead as it now is.',
          params: apiIdParamsSchema,
          body: apiLeadUpdateSchema,
          response: { 200: apiLeadSchema, ...writeErrors },
        },
      },
      async (request) => {
        requireScope(request.apiCaller!, 'write');
        const { companyId } = request.apiCaller!;
        await updateCompanyLead(ctx, { companyId, leadId: request.params.id, input: request.body });
        return getApiLead(ctx, { companyId, leadId: request.params.id });
      },
    );

    app.get(
      '/api/v1/viewings',
      {
        config: perKey,
        schema: {
          tags: ['Viewings'],
          summary: 'List viewings',
          description:
            'Soonest first, every status, a page at a time: pass `nextCursor` back as `cursor` until it is null. From `from` (default: now) to before `to`.',
          querystring: apiViewingListQuerySchema,
          response: { 200: apiViewingListSchema, 400: errors[400], ...readErrors },
        },
      },
      async (request) =>
        listApiViewings(ctx, { companyId: request.apiCaller!.companyId, query: request.query }),
    );

    app.get(
      '/api/v1/properties',
      {
        config: perKey,
        schema: {
          tags: ['Properties'],
          summary: 'List properties',
          description: 'Newest first.',
          response: { 200: apiPropertyListSchema, ...readErrors },
        },
      },
      async (request) => ({ data: await listProperties(ctx, await callerCompany(request)) }),
    );

    app.post(
      '/api/v1/properties',
      {
        config: perKey,
        schema: {
          tags: ['Properties'],
          summary: 'Create a property',
          description: 'Needs the `write` scope. The answer carries the property’s chat link (`chatbotUrl`).',
          body: propertyInputSchema,
          response: { 201: apiPropertySchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        requireScope(request.apiCaller!, 'write');
        const property = await createProperty(ctx, {
          company: await callerCompany(request),
          input: request.body,
        });
        return reply.status(201).send(property);
      },
    );

    app.put(
      '/api/v1/properties/:id',
      {
        config: perKey,
        schema: {
          tags: ['Properties'],
          summary: 'Update a property',
          description: 'Needs the `write` scope. Replaces the listed fields; the slug and chat link stay.',
          params: apiIdParamsSchema,
          body: propertyInputSchema,
          response: { 200: apiPropertySchema, ...writeErrors },
        },
      },
      async (request) => {
        requireScope(request.apiCaller!, 'write');
        const company = await callerCompany(request);
        // The company's owner stands for the key: the property must be the key's company's.
        return updateProperty(ctx, {
          userId: company.ownerId,
          propertyId: request.params.id,
          input: request.body,
        });
      },
    );

    // Made once: the routes do not change while the process runs.
    let document: OpenApiDocument | undefined;
    const openApiDocument = () => {
      document ??= withSuccessDescriptions(scope.swagger() as unknown as OpenApiDocument);
      return document;
    };
    app.get('/api/v1/openapi.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(openApiDocument()),
    );

    let page: string | undefined;
    app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) => {
      page ??= renderApiReference(openApiDocument() as never);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(page);
    });
  });
}

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
};

/** Success answers read "Success" or "Created" rather than the generator's "Default Response". */
function withSuccessDescriptions(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description !== 'Default Response') continue;
        response.description = status === '201' ? 'Created' : status === '204' ? 'Done' : 'Success';
      }
    }
  }
  return document;
}
