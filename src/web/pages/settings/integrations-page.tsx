import { useQuery } from '@tanstack/react-query';
import { UserCogIcon } from 'lucide-react';
import { Link } from 'wouter';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { AccountHeader } from '#web/components/account/account-header.tsx';
import { ApiKeysSection } from '#web/components/integrations/api-keys-section.tsx';
import { WebhooksSection } from '#web/components/integrations/webhooks-section.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { isUnauthorizedError } from '#web/lib/api.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useRedirectWhenUnauthorized } from '#web/lib/use-unauthorized-redirect.ts';

/** Integrations: webhooks and API keys, so that leads leave LetLead without retyping. */
export default function IntegrationsPage() {
  usePageTitle('Integrations');
  const companiesQuery = useQuery<CompanyDto[]>({ queryKey: queryKeys.companies });
  useRedirectWhenUnauthorized(companiesQuery.error);
  const company = companiesQuery.data?.[0] ?? null;

  return (
    <div className="min-h-dvh bg-muted/30">
      <AccountHeader className="max-w-4xl">
        <Button variant="ghost" size="sm" asChild>
          <Link href="/my-account">
            <UserCogIcon aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">My Account</span>
          </Link>
        </Button>
      </AccountHeader>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Integrations</h1>
          <p className="text-muted-foreground">
            Send new leads to your CRM, Zapier or a spreadsheet as they arrive, and connect your own systems
            to LetLead.
          </p>
        </div>
        {companiesQuery.isPending || (companiesQuery.isError && isUnauthorizedError(companiesQuery.error)) ? (
          <div className="space-y-6" role="status" aria-label="Loading integrations">
            <Skeleton className="h-72" />
            <Skeleton className="h-56" />
          </div>
        ) : companiesQuery.isError ? (
          <p role="alert" className="text-destructive">
            Could not load your company. Check your connection and reload the page.
          </p>
        ) : company ? (
          <>
            <WebhooksSection companyId={company.id} />
            <ApiKeysSection companyId={company.id} />
          </>
        ) : (
          <p className="text-muted-foreground">
            Register your company in <Link href="/my-account">My Account</Link> first.
          </p>
        )}
      </main>
    </div>
  );
}
