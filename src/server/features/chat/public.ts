import { eq } from 'drizzle-orm';
import { companies } from '#server/db/schema.ts';
import { cachedConversation } from '#server/features/conversations/index.ts';
import { findProperty, requireDirectory, toPublicProperty } from '#server/features/directory/index.ts';
import type { AppContext } from '#server/lib/context.ts';
import { notFound } from '#server/lib/errors.ts';
import type {
  EndChatResponse,
  ParsedEndChatRequest,
  PublicCompany,
  PublicCompanyContact,
  UsageCheck,
} from '#shared/schemas/chat.ts';
import { findConversation, hasCreditsLeft, markConversationLeft } from './conversation.ts';
import { endConversation } from './end-conversation.ts';

const chatbotNotFound = () => notFound('The requested chatbot could not be found.');

/**
 * GET /api/companies/slug/{slug}: public fields only. An unknown agency is a 404 (Company Not
 * Found); a listing the agency no longer has is not: the page offers the agency's chat instead.
 */
export async function getPublicCompany(
  ctx: AppContext,
  companySlug: string,
  propertySlug: string | null,
): Promise<PublicCompany> {
  const directory = await requireDirectory(ctx, companySlug, propertySlug);
  const property = propertySlug ? findProperty(directory, { slug: propertySlug }) : null;
  const photos = property ? directory.listings.get(property.id)?.photos : undefined;
  return {
    name: directory.company.name,
    slug: directory.company.slug,
    property: property ? toPublicProperty(property, photos) : null,
    isListingGone: propertySlug !== null && property === null,
  };
}

/** GET /api/companies/slug/{slug}/usage-check: can a new conversation start (a credit left)? */
export async function getUsageCheck(ctx: AppContext, companySlug: string): Promise<UsageCheck> {
  const directory = await requireDirectory(ctx, companySlug);
  return { canProcess: await hasCreditsLeft(ctx, directory.company.id) };
}

/** The agency's own contact details, for tenants it cannot take online right now. */
export async function getPublicContact(ctx: AppContext, companySlug: string): Promise<PublicCompanyContact> {
  const [company] = await ctx.db
    .select({ name: companies.name, email: companies.email, phone: companies.phone })
    .from(companies)
    .where(eq(companies.slug, companySlug))
    .limit(1);
  if (!company) throw chatbotNotFound();
  return { name: company.name, email: company.email || null, phone: company.phone || null };
}

/**
 * POST /api/chat/{companySlug}/end. The unload beacon only marks the conversation as left (a
 * refresh comes straight back and carries on); the idle finaliser ends it shortly after.
 */
export async function endChat(
  ctx: AppContext,
  input: { companySlug: string; request: ParsedEndChatRequest },
): Promise<EndChatResponse> {
  const directory = await requireDirectory(ctx, input.companySlug);
  const sessionKey = input.request.userSessionKey;
  const isUnload = input.request.reason === 'unload';
  // Only the id is needed to end it, and ending is guarded in the database: a cached copy will do.
  const copy = isUnload ? null : cachedConversation(ctx, sessionKey, directory.company.id);
  const conversation = copy ?? (await findConversation(ctx, directory.company.id, sessionKey));
  if (!conversation) throw notFound('This conversation could not be found.');
  if (isUnload && conversation.status === 'active') {
    await markConversationLeft(ctx, conversation.id);
    return { alreadyEnded: false, alreadyProcessed: false, leadCreated: false };
  }
  return endConversation(ctx, conversation.id, { directory, copy: copy ?? undefined, byTenant: true });
}
