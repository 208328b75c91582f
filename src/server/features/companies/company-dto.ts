import type { Company } from '#server/db/schema.ts';
import { isPlanType } from '#shared/plans.ts';
import type { CompanyDto } from '#shared/schemas/auth.ts';

/** The company as its owner sees it over the API. */
export function toCompanyDto(company: Company): CompanyDto {
  return {
    id: company.id,
    name: company.name,
    slug: company.slug,
    ownerId: company.ownerId,
    email: company.email,
    phone: company.phone,
    accountType: isPlanType(company.accountType) ? company.accountType : 'free',
    accountLimit: company.accountLimit,
    currentCount: company.currentCount,
    countResetDate: company.countResetDate?.toISOString() ?? null,
    stripeCustomerId: company.stripeCustomerId,
    stripeSubscriptionId: company.stripeSubscriptionId,
    subscriptionStatus: company.subscriptionStatus,
    cancelAtPeriodEnd: company.cancelAtPeriodEnd,
    currentPeriodEnd: company.currentPeriodEnd?.toISOString() ?? null,
    pendingAccountType:
      company.pendingAccountType && isPlanType(company.pendingAccountType)
        ? company.pendingAccountType
        : null,
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
  };
}
