import { useMutation, useQuery } from '@tanstack/react-query';
import { FlaskConicalIcon, LockIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { formatDate, formatMoney } from '#shared/format.ts';
import { type PaidPlanType, paidPlanTypes, plans } from '#shared/plans.ts';
import type { TestCheckoutResponse, TestPortalAction, TestPortalResponse } from '#shared/schemas/billing.ts';
import { AuthPanel, AuthShell } from '#web/components/auth/auth-shell.tsx';
import { FailureNotice, Notice } from '#web/components/auth/notice.tsx';
import { MonthlyPrice } from '#web/components/billing/monthly-price.tsx';
import {
  cancellationNotice,
  subscriptionStatusStyle,
} from '#web/components/billing/subscription-section.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiRequest, errorMessage } from '#web/lib/api.ts';
import { queryClient } from '#web/lib/query-client.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * The local stand-in for Stripe Checkout and the Billing Portal, used when no Stripe keys are
 * configured (never in production). It says plainly that it is a test: no card, no charge.
 */
export default function TestCheckoutPage() {
  const params = new URLSearchParams(useSearch());
  const session = params.get('session');
  const portal = params.get('portal');
  usePageTitle(portal ? 'Test subscription portal' : 'Test checkout');

  let content: ReactNode;
  if (session) content = <TestCheckout session={session} />;
  else if (portal) content = <TestPortal portal={portal} />;
  else content = <LinkProblem message="This test checkout link is incomplete. Please start again." />;

  return (
    <AuthShell>
      <div className="space-y-5">
        <p
          role="note"
          className="flex gap-3 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <FlaskConicalIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>
            <strong className="block">Test mode: no real payment</strong>
            This LetLead page stands in for Stripe because no Stripe keys are configured. No card is needed
            and nothing is charged.
          </span>
        </p>
        {content}
      </div>
    </AuthShell>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <AuthPanel className="space-y-4">
      <Notice variant="error" title="Checkout Error">
        <p>{message}</p>
      </Notice>
      <Button asChild variant="outline" className="w-full">
        <Link href="/pricing">View plans</Link>
      </Button>
    </AuthPanel>
  );
}

function PanelSkeleton() {
  return (
    <AuthPanel className="space-y-4">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-10 w-1/3" />
      <Skeleton className="h-24 w-full" />
    </AuthPanel>
  );
}

function TestCheckout({ session }: { session: string }) {
  const details = useQuery<TestCheckoutResponse>({
    queryKey: [`/api/stripe/test-checkout?session=${encodeURIComponent(session)}`],
  });
  const pay = useMutation({
    mutationFn: () =>
      apiRequest<{ successUrl: string }>('POST', '/api/stripe/test-checkout/pay', { session }),
    onSuccess: ({ successUrl }) => window.location.assign(successUrl),
  });

  if (details.isError) {
    return (
      <LinkProblem message={errorMessage(details.error, 'Failed to retrieve checkout session details')} />
    );
  }
  if (!details.data) return <PanelSkeleton />;
  const { plan, customerEmail, companyName, paid } = details.data;

  return (
    <AuthPanel className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Test checkout</h1>
        <p className="text-muted-foreground">Subscribe {companyName} to LetLead</p>
      </div>
      <div className="rounded-lg border border-border bg-slate-50 p-4">
        <p className="flex items-baseline justify-between gap-2">
          <span className="font-semibold">LetLead {plan.name}</span>
          <MonthlyPrice price={plan.price} amountClassName="text-2xl font-semibold" />
        </p>
        <p className="mt-1 text-sm text-muted-foreground">
          {plan.credits.toLocaleString('en-GB')} enquiry credits a month · monthly rolling contract
        </p>
      </div>
      <dl className="grid gap-1 text-sm">
        <dt className="text-muted-foreground">Email</dt>
        <dd className="font-medium break-all">{customerEmail}</dd>
      </dl>
      {paid ? (
        <Notice variant="success" title="Already paid">
          <p>This checkout has been paid. Paying again changes nothing.</p>
        </Notice>
      ) : null}
      <FailureNotice
        error={pay.error}
        title="Checkout Error"
        fallback="Failed to create checkout session. Please try again."
      />
      <div className="space-y-3">
        <Button
          size="lg"
          className="w-full"
          onClick={() => pay.mutate()}
          disabled={pay.isPending || pay.isSuccess}
        >
          {pay.isPending || pay.isSuccess ? <Spinner label={null} /> : <LockIcon aria-hidden="true" />}
          Pay {formatMoney(plan.price)} (test)
        </Button>
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link href="/checkout/cancel">Cancel</Link>
        </Button>
      </div>
    </AuthPanel>
  );
}

/** A portal action without its token (each member of the union keeps its own fields). */
type PortalRequest = TestPortalAction extends infer Action
  ? Action extends TestPortalAction
    ? Omit<Action, 'portal'>
    : never
  : never;

function TestPortal({ portal }: { portal: string }) {
  const queryKey = [`/api/stripe/test-portal?portal=${encodeURIComponent(portal)}`];
  const details = useQuery<TestPortalResponse>({ queryKey });
  const [chosen, setChosen] = useState<PaidPlanType | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (action: PortalRequest) =>
      apiRequest<TestPortalResponse>('POST', '/api/stripe/test-portal', { ...action, portal }),
    onSuccess: (next, action) => {
      queryClient.setQueryData(queryKey, next);
      // My Account reads the company from the user query; it must show the change on return.
      void queryClient.invalidateQueries({ queryKey: ['/api/auth/user'] });
      setChosen(null);
      setDone(
        action.action === 'cancel'
          ? 'Your subscription is set to end at the close of this period.'
          : action.action === 'resume'
            ? 'Your subscription will continue.'
            : 'Your plan change is saved.',
      );
    },
  });

  if (details.isError) {
    return <LinkProblem message={errorMessage(details.error, 'Failed to access subscription management')} />;
  }
  if (!details.data) return <PanelSkeleton />;
  const state = details.data;
  const status = subscriptionStatusStyle(state.subscriptionStatus);
  const isLive = state.subscriptionStatus === 'active' || state.subscriptionStatus === 'past_due';
  const currentPaidPlan =
    paidPlanTypes.find((type) => type === (state.pendingPlanType ?? state.planType)) ?? null;
  const selected = chosen ?? currentPaidPlan;

  return (
    <AuthPanel className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Test subscription portal</h1>
        <p className="text-muted-foreground">{state.companyName}</p>
      </div>

      <dl className="grid grid-cols-2 gap-4 text-sm">
        <div>
          <dt className="text-muted-foreground">Current plan</dt>
          <dd className="font-semibold">{plans[state.planType].name}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <Badge variant={status.variant}>{status.label}</Badge>
          </dd>
        </div>
        {state.currentPeriodEnd && isLive ? (
          <div className="col-span-2">
            <dt className="text-muted-foreground">{state.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'}</dt>
            <dd className="font-medium">{formatDate(state.currentPeriodEnd)}</dd>
          </div>
        ) : null}
      </dl>

      {state.cancelAtPeriodEnd ? (
        <Notice variant="info" title="Cancellation scheduled">
          <p>{cancellationNotice(state.currentPeriodEnd)}</p>
        </Notice>
      ) : null}
      {state.pendingPlanType && !state.cancelAtPeriodEnd ? (
        <Notice variant="info" title="Plan change scheduled">
          <p>
            You move to {plans[state.pendingPlanType].name} at your next renewal and keep{' '}
            {plans[state.planType].name} until then.
          </p>
        </Notice>
      ) : null}
      {done ? <Notice variant="success" title={done} /> : null}
      <FailureNotice error={act.error} title="That did not work" />

      {isLive ? (
        <>
          <fieldset className="space-y-2">
            <legend className="mb-2 font-semibold">Change plan</legend>
            {paidPlanTypes.map((type) => {
              const plan = plans[type];
              return (
                <label
                  key={type}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    selected === type ? 'border-primary bg-accent' : 'border-border hover:border-slate-400',
                  )}
                >
                  <input
                    type="radio"
                    name="plan"
                    value={type}
                    checked={selected === type}
                    onChange={() => setChosen(type)}
                    className="size-4 accent-[var(--color-primary)]"
                  />
                  <span className="flex-1">
                    <span className="font-medium">{plan.name}</span>
                    {type === currentPaidPlan ? (
                      <span className="text-sm text-muted-foreground"> (current)</span>
                    ) : null}
                    <span className="block text-sm text-muted-foreground">
                      {plan.credits.toLocaleString('en-GB')} credits a month
                    </span>
                  </span>
                  <span className="font-semibold">{formatMoney(plan.price)}</span>
                </label>
              );
            })}
          </fieldset>
          <div className="grid gap-3">
            <Button
              onClick={() => selected && act.mutate({ action: 'switch', planType: selected })}
              disabled={act.isPending || !selected || selected === currentPaidPlan}
            >
              {act.isPending && act.variables?.action === 'switch' ? <Spinner label={null} /> : null}
              Switch plan
            </Button>
            {state.cancelAtPeriodEnd ? (
              <Button
                variant="outline"
                onClick={() => act.mutate({ action: 'resume' })}
                disabled={act.isPending}
              >
                Keep my subscription
              </Button>
            ) : (
              <Button
                variant="outline"
                onClick={() => act.mutate({ action: 'cancel' })}
                disabled={act.isPending}
              >
                Cancel subscription
              </Button>
            )}
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">There is no active subscription to change.</p>
      )}

      <Button asChild variant="ghost" className="w-full">
        <a href={state.returnUrl}>Return to LetLead</a>
      </Button>
    </AuthPanel>
  );
}
