import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { AREA_DENIED_MESSAGES } from '#shared/team-roles.ts';
import { SettingsHeader } from '#web/components/company/settings-header.tsx';
import { InvitationsSection } from '#web/components/team/invitations-section.tsx';
import { MembersSection } from '#web/components/team/members-section.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { isUnauthorizedError } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useRole } from '#web/lib/use-role.ts';
import { useRedirectWhenUnauthorized } from '#web/lib/use-unauthorized-redirect.ts';

/** The team: members and their roles, invitations, ownership (owner and admins). */
export default function TeamPage() {
  usePageTitle('Team');
  const companiesQuery = useQuery<CompanyDto[]>({ queryKey: queryKeys.companies });
  useRedirectWhenUnauthorized(companiesQuery.error);
  const company = companiesQuery.data?.[0] ?? null;
  const { can } = useRole();

  return (
    <div className="min-h-dvh bg-muted/30">
      <SettingsHeader />
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Team</h1>
          <p className="text-muted-foreground">Invite colleagues and choose what each of them can do.</p>
        </div>
        {companiesQuery.isPending || (companiesQuery.isError && isUnauthorizedError(companiesQuery.error)) ? (
          <div className="space-y-6" role="status" aria-label="Loading the team">
            <Skeleton className="h-56" />
            <Skeleton className="h-48" />
          </div>
        ) : companiesQuery.isError ? (
          <p role="alert" className="text-destructive">
            Could not load your company. Check your connection and reload the page.
          </p>
        ) : !company ? (
          <p className="text-muted-foreground">
            Register your company in <Link href="/my-account">My Account</Link> first.
          </p>
        ) : !can('team') ? (
          <p role="alert" className="rounded-lg border border-border bg-background p-4">
            {AREA_DENIED_MESSAGES.team}
          </p>
        ) : (
          <>
            <MembersSection companyId={company.id} />
            <InvitationsSection companyId={company.id} />
          </>
        )}
      </main>
    </div>
  );
}
