import { useMutation, useQuery } from '@tanstack/react-query';
import {
  KeyRoundIcon,
  LogOutIcon,
  type LucideIcon,
  PlugIcon,
  RefreshCwIcon,
  TriangleAlertIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import type { CompanyDto, MessageResponse } from '#shared/schemas/auth.ts';
import { AREA_DENIED_MESSAGES } from '#shared/team-roles.ts';
import { SubscriptionSection } from '#web/components/billing/subscription-section.tsx';
import { CompanyProfileEditor } from '#web/components/company/company-profile-form.tsx';
import { CompanyRegistrationDialog } from '#web/components/company/company-registration-dialog.tsx';
import { SettingsCard } from '#web/components/company/settings-card.tsx';
import { SettingsHeader } from '#web/components/company/settings-header.tsx';
import { PrivacySection } from '#web/components/privacy/privacy-section.tsx';
import { AuditLogSection } from '#web/components/team/audit-log-section.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button, PendingButton } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { CalendarFeedSection } from '#web/components/viewings/calendar-feed-section.tsx';
import { apiRequest, isUnauthorizedError } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { toast, toastError } from '#web/lib/toast.ts';
import { useLogout } from '#web/lib/use-logout.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useRole } from '#web/lib/use-role.ts';
import { useRedirectWhenUnauthorized } from '#web/lib/use-unauthorized-redirect.ts';
import { useUser } from '#web/lib/use-user.ts';

export default function MyAccountPage() {
  usePageTitle('My Account');
  const companiesQuery = useQuery<CompanyDto[]>({ queryKey: queryKeys.companies });
  useRedirectWhenUnauthorized(companiesQuery.error);
  const company = companiesQuery.data?.[0] ?? null;

  return (
    <div className="min-h-dvh bg-muted/30">
      <MyAccountHeader />
      <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        {companiesQuery.isPending ? (
          <AccountSkeleton />
        ) : companiesQuery.isError ? (
          isUnauthorizedError(companiesQuery.error) ? (
            <AccountSkeleton />
          ) : (
            <AccountLoadError
              onRetry={() => companiesQuery.refetch()}
              isRetrying={companiesQuery.isFetching}
            />
          )
        ) : (
          <AccountContent company={company} />
        )}
      </main>
      <CompanyRegistrationDialog />
    </div>
  );
}

function MyAccountHeader() {
  const logout = useLogout();
  return (
    <SettingsHeader isWide>
      <PendingButton
        variant="ghost"
        size="sm"
        onClick={() => logout.mutate()}
        isPending={logout.isPending}
        icon={LogOutIcon}
      >
        Logout
      </PendingButton>
    </SettingsHeader>
  );
}

function AccountContent({ company }: { company: CompanyDto | null }) {
  const { role, can } = useRole();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">My Account</h1>
        <p className="text-muted-foreground">
          Your company profile, your sign-in details and your subscription.
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
        <SettingsCard
          title="Company profile"
          description="Tenants see the company name when they chat with your AI assistant."
        >
          {company && !can('settings') ? (
            <p className="text-muted-foreground">
              {company.name}. {AREA_DENIED_MESSAGES.settings}
            </p>
          ) : company ? (
            <CompanyProfileEditor key={company.updatedAt} company={company} />
          ) : (
            <p className="text-muted-foreground">Register your company to fill in its profile.</p>
          )}
        </SettingsCard>
        <SignInDetails />
      </div>
      {company ? (
        <>
          {can('billing') ? (
            <SubscriptionSection company={company} />
          ) : (
            <RoleNote title="Subscription" message={AREA_DENIED_MESSAGES.billing} />
          )}
          {pageLinks
            .filter((link) => can(link.area))
            .map((link) => (
              <PageLinkCard key={link.href} {...link} />
            ))}
          <CalendarFeedSection companyId={company.id} />
          {can('team') ? <AuditLogSection companyId={company.id} /> : null}
          {can('closure') ? (
            <PrivacySection company={company} />
          ) : (
            <RoleNote
              title="Your data"
              message={`You are ${role === 'admin' ? 'an admin' : 'a negotiator'} of ${company.name}. ${AREA_DENIED_MESSAGES.closure}`}
            />
          )}
        </>
      ) : null}
    </div>
  );
}

/** What a role cannot use here, and why (docs/team.md). */
function RoleNote({ title, message }: { title: string; message: string }) {
  return <SettingsCard title={title} description={message} />;
}

/** The other account pages, each for the roles that may use its area. */
const pageLinks = [
  {
    area: 'team',
    title: 'Team',
    description: 'Invite colleagues as admins or negotiators, change roles, hand over ownership.',
    href: '/team',
    icon: UsersIcon,
    label: 'Open Team',
  },
  {
    area: 'integrations',
    title: 'Integrations',
    description: 'Webhooks and API keys: send leads to your CRM, Zapier or a spreadsheet.',
    href: '/integrations',
    icon: PlugIcon,
    label: 'Open Integrations',
  },
] as const;

/** A card that opens another account page (the team, integrations). */
function PageLinkCard({
  title,
  description,
  href,
  icon: Icon,
  label,
}: {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
  label: string;
}) {
  return (
    <SettingsCard title={title} description={description}>
      <Button variant="outline" asChild className="w-full sm:w-auto">
        <Link href={href}>
          <Icon aria-hidden="true" />
          {label}
        </Link>
      </Button>
    </SettingsCard>
  );
}

function SignInDetails() {
  const { user } = useUser();
  const sendReset = useMutation({
    mutationFn: (email: string) => apiRequest<MessageResponse>('POST', '/api/auth/reset-password', { email }),
    onSuccess: () => {
      toast({
        title: 'Check your inbox',
        description: 'We have emailed you a link to choose a new password.',
      });
    },
    onError: (error) => {
      toastError('Password reset failed', error, 'Unable to send reset email');
    },
  });
  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return (
    <SettingsCard
      title="Signing in"
      description="The person who signs in to this account."
      className="space-y-4 text-sm"
    >
      <dl className="space-y-3">
        {name ? (
          <div>
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium">{name}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="flex flex-wrap items-center gap-2 font-medium break-all">
            {user.email}
            {user.emailVerified ? <Badge variant="success">Verified</Badge> : null}
          </dd>
        </div>
      </dl>
      <div className="space-y-2 border-t border-border pt-4">
        <PendingButton
          variant="outline"
          className="w-full"
          onClick={() => sendReset.mutate(user.email)}
          isPending={sendReset.isPending}
          icon={KeyRoundIcon}
        >
          Change password
        </PendingButton>
        <p className="text-xs text-muted-foreground">
          We email you a link to choose a new one. Changing it signs you out everywhere.
        </p>
      </div>
    </SettingsCard>
  );
}

function AccountSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Loading your account">
      <Skeleton className="h-9 w-48" />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Skeleton className="h-80" />
        <Skeleton className="h-56" />
      </div>
      <Skeleton className="h-40" />
    </div>
  );
}

function AccountLoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div
      className="mx-auto max-w-md rounded-xl border border-border bg-background p-8 text-center shadow-sm"
      role="alert"
    >
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <TriangleAlertIcon className="size-6" aria-hidden="true" />
      </span>
      <h1 className="text-xl font-semibold">Unable to load account data</h1>
      <p className="mt-2 text-muted-foreground">
        Something went wrong while loading your account. Check your connection and try again.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <PendingButton onClick={onRetry} isPending={isRetrying} icon={RefreshCwIcon}>
          Try again
        </PendingButton>
        <Button variant="outline" asChild>
          <Link href="/">Back to dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
