import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Link } from 'wouter';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { AREA_DENIED_MESSAGES, type TeamArea } from '#shared/team-roles.ts';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { isUnauthorizedError } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useRole } from '#web/lib/use-role.ts';
import { useRedirectWhenUnauthorized } from '#web/lib/use-unauthorized-redirect.ts';
import { SettingsHeader } from './settings-header.tsx';

/**
 * A settings page of the company (Integrations, Team): the header, the title, and the page's
 * `sections` once the company has loaded, in order; a role that may not use `area` is told why
 * instead.
 */
export function SettingsPage({
  title,
  description,
  area,
  sections,
}: {
  title: string;
  description: string;
  area: TeamArea;
  sections: ComponentType<{ companyId: string }>[];
}) {
  usePageTitle(title);
  const companiesQuery = useQuery<CompanyDto[]>({ queryKey: queryKeys.companies });
  useRedirectWhenUnauthorized(companiesQuery.error);
  const company = companiesQuery.data?.[0] ?? null;
  const { can } = useRole();

  return (
    <div className="min-h-dvh bg-muted/30">
      <SettingsHeader />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground">{description}</p>
        </div>
        {companiesQuery.isPending || (companiesQuery.isError && isUnauthorizedError(companiesQuery.error)) ? (
          <div className="space-y-6" role="status" aria-label={`Loading ${title}`}>
            <Skeleton className="h-72" />
            <Skeleton className="h-56" />
          </div>
        ) : companiesQuery.isError ? (
          <p role="alert" className="text-destructive">
            Could not load your company. Check your connection and reload the page.
          </p>
        ) : !company ? (
          <p className="text-muted-foreground">
            Register your company in <Link href="/my-account">My Account</Link> first.
          </p>
        ) : !can(area) ? (
          <p role="alert" className="rounded-lg border border-border bg-background p-4">
            {AREA_DENIED_MESSAGES[area]}
          </p>
        ) : (
          // The list is fixed for the page, so its order is a stable key.
          sections.map((Section, index) => <Section key={index} companyId={company.id} />)
        )}
      </main>
    </div>
  );
}
