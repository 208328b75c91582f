import { asc, desc, eq, like, or } from 'drizzle-orm';
import { pickLeadAnswers } from '#agent/slots/index.ts';
import {
  analyticsEvents,
  type Company,
  chatTranscripts,
  leadActivity,
  leads,
  properties,
  propertyPhotos,
  users,
} from '#server/db/schema.ts';
import { companyConversations } from '#server/features/conversations/index.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { photoUrl } from '#shared/images.ts';
import { pickListingDetails } from '#shared/listing.ts';
import type { CompanyExport } from '#shared/schemas/privacy.ts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The analytics paths of a company's chat links: the agency link and every property link. */
export function chatLinkPaths(companySlug: string) {
  const base = `/chatbot/${companySlug}`;
  const escaped = base.replace(/[\\%_]/g, (char) => `\\${char}`);
  return or(eq(analyticsEvents.path, base), like(analyticsEvents.path, `${escaped}/%`));
}

/**
 * Everything one company keeps in LetLead, read by its id only. Columns are listed one by one so
 * that a column added later (a token, a secret) never lands in a download by accident.
 */
export async function exportCompanyData(
  ctx: AppContext,
  { userId, company }: { userId: string; company: Company },
): Promise<{ fileName: string; data: CompanyExport }> {
  const [account] = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) throw notFound('Company not found');

  const [propertyRows, photoRows, leadRows, activityRows, transcriptRows, conversationRows, analyticsRows] =
    await Promise.all([
      ctx.db
        .select()
        .from(properties)
        .where(eq(properties.companyId, company.id))
        .orderBy(asc(properties.createdAt)),
      ctx.db
        .select({
          id: propertyPhotos.id,
          propertyId: propertyPhotos.propertyId,
          width: propertyPhotos.width,
          height: propertyPhotos.height,
          byteSize: propertyPhotos.byteSize,
          createdAt: propertyPhotos.createdAt,
        })
        .from(propertyPhotos)
        .where(eq(propertyPhotos.companyId, company.id))
        .orderBy(asc(propertyPhotos.position)),
      ctx.db.select().from(leads).where(eq(leads.companyId, company.id)).orderBy(desc(leads.createdAt)),
      ctx.db
        .select()
        .from(leadActivity)
        .where(eq(leadActivity.companyId, company.id))
        .orderBy(asc(leadActivity.at)),
      ctx.db
        .select()
        .from(chatTranscripts)
        .where(eq(chatTranscripts.companyId, company.id))
        .orderBy(desc(chatTranscripts.createdAt)),
      companyConversations(ctx, company.id),
      ctx.db
        .select()
        .from(analyticsEvents)
        .where(chatLinkPaths(company.slug))
        .orderBy(asc(analyticsEvents.createdAt)),
    ]);

  const exportedAt = now();
  const data: CompanyExport = {
    exportedAt: iso(exportedAt),
    account: { ...account, createdAt: iso(account.createdAt) },
    company: {
      id: company.id,
      name: company.name,
      slug: company.slug,
      email: company.email,
      phone: company.phone,
      accountType: company.accountType,
      accountLimit: company.accountLimit,
      currentCount: company.currentCount,
      countResetDate: isoOrNull(company.countResetDate),
      subscriptionStatus: company.subscriptionStatus,
      cancelAtPeriodEnd: company.cancelAtPeriodEnd,
      currentPeriodEnd: isoOrNull(company.currentPeriodEnd),
      createdAt: iso(company.createdAt),
      updatedAt: iso(company.updatedAt),
    },
    properties: propertyRows.map((p) => ({
      id: p.id,
      propertyName: p.propertyName,
      slug: p.slug,
      propertyAddress: p.propertyAddress,
      propertyRentalPrice: p.propertyRentalPrice,
      numberOfBedrooms: p.numberOfBedrooms,
      parkingSpace: p.parkingSpace,
      vacancyDate: p.vacancyDate,
      landlord: p.landlord,
      chatbotUrl: p.chatbotUrl,
      ...pickListingDetails(p),
      photos: photoRows
        .filter((photo) => photo.propertyId === p.id)
        .map((photo) => ({
          id: photo.id,
          url: `${ctx.env.appUrl}${photoUrl(photo.id)}`,
          width: photo.width,
          height: photo.height,
          byteSize: photo.byteSize,
          createdAt: iso(photo.createdAt),
        })),
      createdAt: iso(p.createdAt),
      updatedAt: iso(p.updatedAt),
    })),
    leads: leadRows.map((l) => ({
      id: l.id,
      // The tenant's answers: the columns each slot stores, in the leads table's order.
      ...pickLeadAnswers(l),
      rating: l.rating,
      personRequested: l.personRequested,
      score: l.score,
      scoreBreakdown: l.scoreBreakdown ?? null,
      chatTranscriptId: l.chatTranscriptId,
      conversationId: l.conversationId,
      status: l.status,
      lostReason: l.lostReason,
      createdAt: iso(l.createdAt),
      updatedAt: iso(l.updatedAt),
    })),
    leadActivity: activityRows.map((a) => ({
      leadId: a.leadId,
      at: iso(a.at),
      actorUserId: a.actorUserId,
      kind: a.kind,
      detail: a.detail,
    })),
    transcripts: transcriptRows.map((t) => ({
      id: t.id,
      conversationId: t.conversationId,
      fileName: t.fileName,
      content: t.content,
      extractedData: t.extractedData ?? null,
      processed: t.processed,
      leadId: t.leadId,
      createdAt: iso(t.createdAt),
    })),
    conversations: conversationRows.map((c) => ({
      id: c.id,
      propertyId: c.propertyId,
      status: c.status,
      messages: (Array.isArray(c.messages) ? c.messages : []).map((m) => ({
        sender: String(m.sender),
        content: String(m.content),
        timestamp: typeof m.timestamp === 'string' ? m.timestamp : null,
      })),
      createdAt: iso(c.createdAt),
      lastActivityAt: iso(c.lastActivityAt),
      endedAt: isoOrNull(c.endedAt),
    })),
    analytics: analyticsRows.map((a) => ({
      kind: a.kind,
      path: a.path,
      referrerHost: a.referrerHost,
      metric: a.metric,
      value: a.value,
      createdAt: iso(a.createdAt),
    })),
  };
  const day = exportedAt.toISOString().slice(0, 10);
  return { fileName: `letlead-export-${company.slug}-${day}.json`, data };
}
