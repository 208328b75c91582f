import { useQuery } from '@tanstack/react-query';
import {
  CheckCircle2Icon,
  LayoutDashboardIcon,
  LinkIcon,
  LogInIcon,
  MailCheckIcon,
  PlusIcon,
  SettingsIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { CheckoutSessionResponse } from '#shared/schemas/billing.ts';
import { AuthHeading, AuthPanel, AuthShell } from '#web/components/auth/auth-shell.tsx';
import { Notice } from '#web/components/auth/notice.tsx';
import { checkoutDetailsErrorMessage } from '#web/components/billing/billing-api.ts';
import { MonthlyPrice } from '#web/components/billing/monthly-price.tsx';
import {
  clearPendingSignup,
  type PendingSignupState,
  readPendingSignup,
} from '#web/components/billing/pending-signup.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { queryClient } from '#web/lib/query-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useUser } from '#web/lib/use-user.ts';
import { CheckoutHeading } from './checkout-heading.tsx';

const ACCOUNT_CREATION_ERROR =
  'Your payment was successful, You already have an account or account creation failed, Or you need to verify your email.';

export default function CheckoutSuccessPage() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  const { user, isLoading: isUserLoading } = useUser();
  // localStorage is read after the first render, so the page renders the same on server and client.
  const [pending, setPending] = useState<PendingSignupState | null>(null);
  useEffect(() => setPending(readPendingSignup()), []);
  // A signed-in agency that paid without signing up in this browser changed its plan (an upgrade
  // from My Account or the pricing page): it has its properties and links already.
  const isPlanChange = Boolean(user?.company) && pending?.status !== 'valid';
  usePageTitle(isPlanChange ? 'Plan updated' : 'Welcome to LetLead');

  const details = useQuery<CheckoutSessionResponse>({
    queryKey: [`/api/stripe/checkout-session/${encodeURIComponent(sessionId ?? '')}`],
    enabled: Boolean(sessionId),
  });
  const session = details.data?.session;
  const isUpgraded = session?.paid === true && session.accountUpgraded;

  useEffect(() => {
    if (!isUpgraded) return;
    clearPendingSignup();
    // A signed-in upgrade: the dashboard and My Account must show the new plan.
    void queryClient.invalidateQueries({ queryKey: queryKeys.user });
  }, [isUpgraded]);

  let content: ReactNode;
  if (!sessionId) {
    content = (
      <CheckoutProblem title="Checkout Error">
        Failed to retrieve checkout session details: the link has no checkout session. If you have just paid,
        check your email for the receipt and sign in.
      </CheckoutProblem>
    );
  } else if (pending?.status === 'invalid') {
    content = (
      <CheckoutProblem title="Checkout Error" action={<Link href="/signup">Back to signup</Link>}>
        Invalid signup data found. Please try signing up again.
      </CheckoutProblem>
    );
  } else if (details.isError) {
    content = (
      <CheckoutProblem title="Checkout Error">{checkoutDetailsErrorMessage(details.error)}</CheckoutProblem>
    );
  } else if (!session || pending === null || isUserLoading) {
    content = <SuccessSkeleton />;
  } else if (!session.paid) {
    content = (
      <CheckoutProblem
        title="Checkout Error"
        action={<Link href="/checkout/cancel">See what to do next</Link>}
      >
        Your payment has not been completed, so nothing was charged and your plan has not changed.
      </CheckoutProblem>
    );
  } else if (!session.accountUpgraded) {
    content = (
      <CheckoutProblem title="Account Creation Error" action={<Link href="/login">Go to sign in</Link>}>
        {ACCOUNT_CREATION_ERROR}
      </CheckoutProblem>
    );
  } else if (isPlanChange) {
    content = <PlanChanged session={session} />;
  } else {
    const signup = pending.status === 'valid' ? pending.data : null;
    content = (
      <Welcome
        session={session}
        firstName={signup?.firstName ?? user?.firstName ?? null}
        email={session.customerEmail ?? signup?.email ?? user?.email ?? null}
        isSignedIn={Boolean(user)}
      />
    );
  }

  return <AuthShell width="wide">{content}</AuthShell>;
}

function CheckoutProblem({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <AuthHeading title="We could not finish setting up your plan" />
      <Notice variant="error" title={title}>
        <p>{children}</p>
      </Notice>
      <div className="flex flex-col gap-2 sm:flex-row">
        {action ? <Button asChild>{action}</Button> : null}
        <Button asChild variant="outline">
          <Link href="/pricing">View plans</Link>
        </Button>
      </div>
    </div>
  );
}

function SuccessSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-6" aria-busy="true">
      <p className="sr-only" role="status">
        Confirming your payment…
      </p>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function Welcome({
  session,
  firstName,
  email,
  isSignedIn,
}: {
  session: CheckoutSessionResponse['session'];
  firstName: string | null;
  email: string | null;
  isSignedIn: boolean;
}) {
  const { plan } = session;
  const steps: Step[] = [
    ...(isSignedIn
      ? []
      : [
          {
            icon: MailCheckIcon,
            title: 'Verify your email',
            text: (
              <>
                Click the link we sent to{' '}
                {email ? <strong className="break-words text-foreground">{email}</strong> : 'your inbox'}.
              </>
            ),
          },
          { icon: LogInIcon, title: 'Sign in', text: 'Use the email and password you chose at sign-up.' },
        ]),
    { icon: PlusIcon, title: 'Add your properties', text: 'Each listing gets its own AI agent link.' },
    {
      icon: LinkIcon,
      title: 'Share your AI agent links',
      text: 'Paste them into portal auto-replies, adverts and posts; qualified leads appear on your dashboard.',
    },
  ];

  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,340px)] lg:items-start">
      <div className="space-y-6">
        <CheckoutHeading
          icon={CheckCircle2Icon}
          tone="success"
          title={`Welcome to LetLead${firstName ? `, ${firstName}` : ''}!`}
        >
          Your payment was successful and your {plan.name} plan is active.
        </CheckoutHeading>

        {isSignedIn ? null : (
          <Notice variant="mail" title="Verify your email before you sign in">
            <p>
              We have sent a verification link to{' '}
              {email ? (
                <strong className="break-words">{email}</strong>
              ) : (
                'the email address you signed up with'
              )}
              . You need to verify your email before you can log in. It can take a minute to arrive; check
              your spam folder too.
            </p>
          </Notice>
        )}

        <StepsPanel title="Next steps" steps={steps} isNumbered />
      </div>

      <PlanSummary plan={plan} email={email} isSignedIn={isSignedIn} />
    </div>
  );
}

type Step = { icon: typeof MailCheckIcon; title: string; text: ReactNode };

/** A panel of steps or points, numbered (what to do, in order) or each with its icon. */
function StepsPanel({
  title,
  steps,
  isNumbered = false,
}: {
  title: string;
  steps: Step[];
  isNumbered?: boolean;
}) {
  const List = isNumbered ? 'ol' : 'ul';
  return (
    <AuthPanel>
      <h2 className="text-lg font-semibold">{title}</h2>
      <List className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-primary">
              {isNumbered ? index + 1 : <step.icon aria-hidden="true" className="size-4" />}
            </span>
            <div>
              <p className="font-medium">{step.title}</p>
              <p className="text-sm text-muted-foreground">{step.text}</p>
            </div>
          </li>
        ))}
      </List>
    </AuthPanel>
  );
}

/** What the agency now pays for, and the way on to the dashboard. */
function PlanSummary({
  plan,
  email,
  isSignedIn,
}: {
  plan: CheckoutSessionResponse['session']['plan'];
  email: string | null;
  isSignedIn: boolean;
}) {
  return (
    <AuthPanel className="space-y-5">
      <section aria-labelledby="plan-summary-title" className="space-y-4">
        <h2 id="plan-summary-title" className="text-sm font-medium text-muted-foreground">
          Your plan
        </h2>
        <p className="flex items-baseline justify-between gap-2">
          <span className="text-2xl font-semibold">{plan.name}</span>
          <MonthlyPrice price={plan.price} amountClassName="text-xl font-semibold" />
        </p>
        <dl className="space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Enquiry credits</dt>
            <dd className="font-medium">{plan.credits.toLocaleString('en-GB')} a month</dd>
          </div>
          {email ? (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Account</dt>
              <dd className="min-w-0 truncate font-medium" title={email}>
                {email}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Billing</dt>
            <dd className="font-medium">Monthly, cancel any time</dd>
          </div>
        </dl>
      </section>
      <Button asChild size="lg" className="w-full">
        <Link href={isSignedIn ? '/' : '/login'}>
          <LayoutDashboardIcon aria-hidden="true" />
          Go to Dashboard
        </Link>
      </Button>
      {isSignedIn ? null : (
        <p className="text-center text-xs text-muted-foreground">You will be asked to sign in first.</p>
      )}
    </AuthPanel>
  );
}

/**
 * An existing agency's plan change: its properties, links and leads are there already, so the
 * page says what changed and where the plan is managed, not how to set up a new account.
 */
function PlanChanged({ session }: { session: CheckoutSessionResponse['session'] }) {
  const { plan } = session;
  const points: Step[] = [
    {
      icon: LinkIcon,
      title: 'Your links keep working',
      text: 'Your properties, AI agent links and leads are just as they were.',
    },
    {
      icon: SettingsIcon,
      title: 'Manage your plan',
      text: (
        <>
          Change plan, update your card or cancel any time in{' '}
          <Link href="/my-account" className="font-medium text-primary underline underline-offset-4">
            My Account
          </Link>
          .
        </>
      ),
    },
  ];
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,340px)] lg:items-start">
      <div className="space-y-6">
        <CheckoutHeading icon={CheckCircle2Icon} tone="success" title={`You're now on the ${plan.name} plan`}>
          Your payment was successful and your {plan.name} plan is active, with{' '}
          {plan.credits.toLocaleString('en-GB')} enquiry credits a month.
        </CheckoutHeading>
        <StepsPanel title="What happens now" steps={points} />
      </div>
      <PlanSummary plan={plan} email={session.customerEmail} isSignedIn />
    </div>
  );
}
