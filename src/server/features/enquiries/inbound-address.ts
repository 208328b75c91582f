import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { type Company, companies, inboundAddresses } from '#server/db/schema.ts';
import type { AppContext } from '#server/lib/context.ts';

/**
 * A company's private inbound address, made on first use: its slug (for the agent to recognise)
 * and ten random characters (so that no one can guess another agency's address).
 */
export async function ensureInboundLocalPart(ctx: AppContext, company: Company): Promise<string> {
  const [existing] = await ctx.db
    .select({ localPart: inboundAddresses.localPart })
    .from(inboundAddresses)
    .where(eq(inboundAddresses.companyId, company.id));
  if (existing) return existing.localPart;
  const prefix =
    company.slug
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'agency';
  const localPart = `${prefix}-${randomBytes(8)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10)}`;
  await ctx.db.insert(inboundAddresses).values({ companyId: company.id, localPart }).onConflictDoNothing();
  const [row] = await ctx.db
    .select({ localPart: inboundAddresses.localPart })
    .from(inboundAddresses)
    .where(eq(inboundAddresses.companyId, company.id));
  return row!.localPart;
}

export function inboundAddressOf(ctx: AppContext, localPart: string): string | null {
  return ctx.env.inbound.domain ? `${localPart}@${ctx.env.inbound.domain}` : null;
}

/** The local part of an address when it is at INBOUND_DOMAIN (any domain while that is unset). */
function localPartOf(ctx: AppContext, address: string): string | null {
  const [local, domain] = address.toLowerCase().trim().split('@');
  if (!local || !domain) return null;
  if (ctx.env.inbound.domain && domain !== ctx.env.inbound.domain) return null;
  // Plus addressing ("key+rightmove@…") reaches the same company.
  return local.split('+')[0] ?? null;
}

/** The company one of these recipients belongs to, or null. */
export async function findCompanyByRecipients(
  ctx: AppContext,
  recipients: string[],
): Promise<Company | null> {
  const localParts = [
    ...new Set(recipients.map((r) => localPartOf(ctx, r)).filter((p): p is string => Boolean(p))),
  ];
  if (localParts.length === 0) return null;
  const [row] = await ctx.db
    .select({ company: companies })
    .from(inboundAddresses)
    .innerJoin(companies, eq(companies.id, inboundAddresses.companyId))
    .where(inArray(inboundAddresses.localPart, localParts))
    .limit(1);
  return row?.company ?? null;
}
