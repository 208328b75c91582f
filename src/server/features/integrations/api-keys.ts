import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { type ApiKey, apiKeys } from '#server/db/schema.ts';
import { now } from '#server/lib/clock.ts';
import { findCompanyRow, lockCompany } from '#server/lib/company-row.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, unauthorized } from '#server/lib/errors.ts';
import type { ApiKeyCreatedDto, ApiKeyDto, ApiKeyInput, ApiKeyScope } from '#shared/schemas/integrations.ts';

export const API_KEY_PREFIX = 'll_';
/** Live keys per company: plenty for every system an agency connects. */
export const MAX_API_KEYS = 20;
/** `last used` is written at most this often per key: a busy key must not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

export const INVALID_KEY_MESSAGE = 'The API key is missing, unknown or revoked';

/**
 * A key is 32 random bytes: far too many to guess, so a fast hash (SHA-256) is enough to keep
 * the stored copy useless to whoever reads the database; a slow password hash would only cost
 * time on every request.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function toApiKeyDto(row: ApiKey): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    start: row.start,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listApiKeys(ctx: AppContext, companyId: string): Promise<ApiKeyDto[]> {
  const rows = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKeyDto);
}

/** POST /api/companies/{id}/api-keys: the key is in this answer and never again. */
export async function createApiKey(
  ctx: AppContext,
  { companyId, userId, input }: { companyId: string; userId: string; input: ApiKeyInput },
): Promise<ApiKeyCreatedDto> {
  const key = newApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const [live] = await tx
      .select({ value: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)));
    if ((live?.value ?? 0) >= MAX_API_KEYS) {
      throw new AppError('CONFLICT', `A company can have at most ${MAX_API_KEYS} API keys; revoke one first`);
    }
    const [created] = await tx
      .insert(apiKeys)
      .values({
        companyId,
        name: input.name,
        scopes: input.scopes,
        keyHash: hashApiKey(key),
        start: key.slice(0, API_KEY_PREFIX.length + 5),
        createdBy: userId,
      })
      .returning();
    return created!;
  });
  return { ...toApiKeyDto(row), key };
}

/** DELETE /api/api-keys/{id}: revoked at once; the row stays so the list shows when. */
export async function revokeApiKey(
  ctx: AppContext,
  { companyId, keyId }: { companyId: string; keyId: string },
): Promise<ApiKeyDto> {
  const row = await findCompanyRow(ctx.db, apiKeys, { companyId, id: keyId }, 'API key not found');
  if (row.revokedAt) return toApiKeyDto(row);
  const [revoked] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: now() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.companyId, companyId)))
    .returning();
  return toApiKeyDto(revoked!);
}

export type ApiCaller = { companyId: string; keyId: string; scopes: ApiKeyScope[] };

/** The company and scopes of a `Bearer ll_…` header, or a 401. */
export async function authenticateApiKey(
  ctx: AppContext,
  authorization: string | undefined,
): Promise<ApiCaller> {
  const match = /^Bearer\s+(ll_[A-Za-z0-9_-]{20,100})\s*$/.exec(authorization ?? '');
  if (!match) throw unauthorized(INVALID_KEY_MESSAGE);
  const [row] = await ctx.db
    .select({
      id: apiKeys.id,
      companyId: apiKeys.companyId,
      scopes: apiKeys.scopes,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, hashApiKey(match[1]!)))
    .limit(1);
  if (!row || row.revokedAt) throw unauthorized(INVALID_KEY_MESSAGE);
  const at = now();
  await ctx.db
    .update(apiKeys)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(apiKeys.id, row.id),
        or(
          isNull(apiKeys.lastUsedAt),
          lt(apiKeys.lastUsedAt, new Date(at.getTime() - LAST_USED_RESOLUTION_MS)),
        ),
      ),
    );
  return { companyId: row.companyId, keyId: row.id, scopes: row.scopes as ApiKeyScope[] };
}

/** A 403 unless the key carries the scope: a read key cannot change anything. */
export function requireScope(caller: ApiCaller, scope: ApiKeyScope): void {
  if (!caller.scopes.includes(scope)) {
    throw new AppError('FORBIDDEN', `This API key does not have the ${scope} scope`);
  }
}
