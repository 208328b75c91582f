import { eq } from 'drizzle-orm';
import { type Company, companies, companyMembers } from '#server/db/schema.ts';
import { insertWithFreeSlug, isUniqueViolation } from '#server/db/unique-slug.ts';
import { now } from '#server/lib/clock.ts';
import type { AppContext } from '#server/lib/context.ts';
import { AppError, badRequest } from '#server/lib/errors.ts';
import { findMembership } from '#server/lib/session.ts';
import { plans } from '#shared/plans.ts';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import type { RegisterCompanyRequest, UpdateCompanyProfileRequest } from '#shared/schemas/companies.ts';
import { toCompanyDto } from './company-dto.ts';

type Db = AppContext['db'];

/** The company the user works for (as its owner or a member), if any. */
export async function findCompanyByOwner(db: Db, userId: string): Promise<Company | undefined> {
  return (await findMembership(db, userId))?.company;
}

/**
 * Every new company starts on the free plan with the free allowance (the column defaults are never
 * relied on); paid plans arrive through billing. The slug
 * is unique across companies and never changes afterwards, so shared links keep working. Two
 * sign-ups with the same name at the same moment can both see a slug free: the loser of that race
 * gets the unique violation and looks again.
 */
export async function insertCompany(
  db: Db,
  input: { ownerId: string; name: string; email: string; phone: string },
): Promise<Company> {
  const plan = plans.free;
  const isSlugClash = async (error: unknown) =>
    isUniqueViolation(error) && !(await findCompanyByOwner(db, input.ownerId));
  return insertWithFreeSlug(
    db,
    companies,
    input.name,
    // The company and its owner's membership go together: a user works for one company.
    (slug) =>
      db.transaction(async (tx) => {
        const [created] = await tx
          .insert(companies)
          .values({
            name: input.name,
            slug,
            ownerId: input.ownerId,
            email: input.email,
            phone: input.phone,
            accountType: plan.type,
            accountLimit: plan.credits,
            currentCount: plan.credits,
            countResetDate: now(),
          })
          .returning();
        await tx
          .insert(companyMembers)
          .values({ companyId: created!.id, userId: input.ownerId, role: 'owner' });
        return created!;
      }),
    isSlugClash,
  );
}

export async function listCompanies(ctx: AppContext, { userId }: { userId: string }): Promise<CompanyDto[]> {
  const company = await findCompanyByOwner(ctx.db, userId);
  return company ? [toCompanyDto(company)] : [];
}

/** The dialog that opens on the dashboard for a signed-in user without a company. */
export async function registerCompany(
  ctx: AppContext,
  { userId, input }: { userId: string; input: RegisterCompanyRequest },
): Promise<CompanyDto> {
  const conflict = () => new AppError('CONFLICT', 'A company is already registered for this account');
  if (await findCompanyByOwner(ctx.db, userId)) throw conflict();
  try {
    const company = await insertCompany(ctx.db, {
      ownerId: userId,
      name: input.companyName,
      email: input.email,
      phone: input.phone,
    });
    return toCompanyDto(company);
  } catch (error) {
    // A double click: the other request registered it first.
    if (isUniqueViolation(error) && (await findCompanyByOwner(ctx.db, userId))) throw conflict();
    throw error;
  }
}

/** Name and contact details only: the slug stays (links already shared), the plan is billing's. */
export async function updateCompanyProfile(
  ctx: AppContext,
  { company, input }: { company: Company; input: UpdateCompanyProfileRequest },
): Promise<CompanyDto> {
  if (input.accountType !== undefined && input.accountType !== company.accountType) {
    throw badRequest('The plan is changed from the Subscription section of My Account', {
      errors: { accountType: 'The plan is changed from the Subscription section of My Account' },
    });
  }
  const [updated] = await ctx.db
    .update(companies)
    .set({ name: input.companyName, email: input.email, phone: input.phone })
    .where(eq(companies.id, company.id))
    .returning();
  await ctx.events.emit('company.changed', { companyId: company.id });
  return toCompanyDto(updated!);
}
