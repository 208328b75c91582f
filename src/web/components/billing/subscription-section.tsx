import {
  AlertTriangleIcon,
  CalendarClockIcon,
  CreditCardIcon,
  ExternalLinkIcon,
  SparklesIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { creditResetText } from '#shared/credits.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { isPaidPlan, plans } from '#shared/plans.ts';
import type { CompanyDto } from '#shared/schemas/auth.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { openBillingPortal } from './billing-api.ts';

type StatusStyle = { label: string; variant: 'success' | 'warning' | 'danger' | 'secondary' };

/** Active green, past_due yellow, canceled red, anything else grey. */
export function subscriptionStatusStyle(status: string | null): StatusStyle {
  if (status === 'active') return { label: 'Active', variant: 'success' };
  if (status === 'past_due') return { label: 'Past due', variant: 'warning' };
  if (status === 'canceled') return { label: 'Canceled', variant: 'danger' };
  if (!status) return { label: 'No subscription', variant: 'secondary' };
  const words = status.replaceAll('_', ' ');
  return { label: words.charAt(0).toUpperCase() + words.slice(1), variant: 'secondary' };
}

/**
 * The notice while a subscription is set to end. A missing date, or one not after 1970 (Stripe's
 * zero timestamp), cannot be shown meaningfully, so the notice then speaks of the period's end.
 */
export function cancellationNotice(currentPeriodEnd: string | null): string {
  const end = currentPeriodEnd ? new Date(currentPeriodEnd) : null;
  const hasDate = end !== null && !Number.isNaN(end.getTime()) && end.getTime() > 0;
  const freePlan = `the free plan (${plans.free.credits} enquiry credits a month)`;
  if (!hasDate) {
    return `Your subscription will end at the close of the current billing period. Your account will then drop to ${freePlan}.`;
  }
  return `Your subscription ends on ${formatDate(end)}. Your account will then drop to ${freePlan}.`;
}

/** My Account's subscription block: the plan, its status and the way to change it. */
export function SubscriptionSection({ company }: { company: CompanyDto }) {
  const [isOpening, setIsOpening] = useState(false);
  const plan = plans[company.accountType];
  const isPaid = isPaidPlan(company.accountType);
  const status = subscriptionStatusStyle(company.subscriptionStatus);
  const pending = company.pendingAccountType ? plans[company.pendingAccountType] : null;
  const periodEnd = company.currentPeriodEnd ? formatDate(company.currentPeriodEnd) : '';

  const handleManage = async () => {
    setIsOpening(true);
    await openBillingPortal();
    // Still here: the portal did not open (a toast says why).
    setIsOpening(false);
  };

  return (
    <Card role="region" aria-labelledby="subscription-title">
      <CardHeader>
        <CardTitle id="subscription-title">Subscription</CardTitle>
        <CardDescription>Your plan, its status and billing.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className="space-y-1">
            <dt className="text-sm text-muted-foreground">Plan</dt>
            <dd className="font-semibold">
              {plan.name}
              <span className="font-normal text-muted-foreground">
                {' '}
                · {isPaid ? `${formatMoney(plan.price)}/month` : 'no time limit'}
              </span>
            </dd>
          </div>
          <div className="space-y-1">
            <dt className="text-sm text-muted-foreground">Status</dt>
            <dd>
              <Badge variant={status.variant} data-status={company.subscriptionStatus ?? 'none'}>
                {status.label}
              </Badge>
            </dd>
          </div>
          <div className="space-y-1">
            <dt className="text-sm text-muted-foreground">Enquiry credits</dt>
            <dd>
              {plan.credits.toLocaleString('en-GB')} a month
              <span className="block text-sm text-muted-foreground">{creditResetText(company)}</span>
            </dd>
          </div>
        </dl>

        {company.cancelAtPeriodEnd ? (
          <p
            role="status"
            className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <CalendarClockIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>{cancellationNotice(company.currentPeriodEnd)}</span>
          </p>
        ) : null}

        {company.subscriptionStatus === 'past_due' ? (
          <p
            role="alert"
            className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          >
            <AlertTriangleIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              Your last payment did not go through. Update your card in Manage Subscription to keep your{' '}
              {plan.name} plan.
            </span>
          </p>
        ) : null}

        {pending && !company.cancelAtPeriodEnd ? (
          <p className="rounded-lg border border-border bg-slate-50 p-4 text-sm text-muted-foreground">
            Your plan changes to <strong className="text-foreground">{pending.name}</strong> (
            {pending.credits.toLocaleString('en-GB')} credits a month)
            {periodEnd ? ` on ${periodEnd}` : ' at your next renewal'}. Until then you keep {plan.name}.
          </p>
        ) : null}

        <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {isPaid
              ? 'Change plan, update your card, download invoices or cancel.'
              : 'Get more enquiry credits every month with a paid plan.'}
          </p>
          {isPaid ? (
            <Button onClick={handleManage} disabled={isOpening} className="shrink-0">
              {isOpening ? <Spinner label={null} /> : <CreditCardIcon aria-hidden="true" />}
              Manage Subscription
              <ExternalLinkIcon aria-hidden="true" className="size-3.5 opacity-70" />
            </Button>
          ) : (
            <Button asChild className="shrink-0">
              <Link href="/pricing">
                <SparklesIcon aria-hidden="true" />
                Upgrade Plan
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
