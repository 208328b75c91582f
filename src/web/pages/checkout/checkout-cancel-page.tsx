import {
  ArrowLeftIcon,
  CreditCardIcon,
  LifeBuoyIcon,
  RefreshCwIcon,
  SparklesIcon,
  XCircleIcon,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { plans } from '#shared/plans.ts';
import { AuthPanel, AuthShell } from '#web/components/auth/auth-shell.tsx';
import { Notice } from '#web/components/auth/notice.tsx';
import { checkoutErrorMessage, goToCheckout } from '#web/components/billing/billing-api.ts';
import { type PendingSignupState, readPendingSignup } from '#web/components/billing/pending-signup.ts';
import { useContactEmail } from '#web/components/marketing/use-contact-email.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useUser } from '#web/lib/use-user.ts';
import { CheckoutHeading } from './checkout-heading.tsx';

const commonIssues: { title: string; text: string }[] = [
  {
    title: 'The card was declined',
    text: 'Check the card number, expiry date and security code, or try another card. Your bank can tell you why it declined.',
  },
  {
    title: 'The bank check was not finished',
    text: 'Many UK cards ask you to approve the payment in your banking app (3-D Secure). If that window closed, try again and approve it.',
  },
  {
    title: 'You left the payment page',
    text: 'Going back, closing the tab or waiting too long cancels the payment. Nothing was charged; simply try again.',
  },
  {
    title: 'A browser extension blocked the page',
    text: 'Ad blockers and privacy extensions sometimes stop the payment page from loading. Pause them for this page, or use another browser.',
  },
];

export default function CheckoutCancelPage() {
  usePageTitle('Checkout cancelled');
  const { user } = useUser();
  const contactEmail = useContactEmail();
  const [pending, setPending] = useState<PendingSignupState>({ status: 'none' });
  useEffect(() => setPending(readPendingSignup()), []);
  const [retryError, setRetryError] = useState<string | null>(null);
  const [isRetrying, setIsRetrying] = useState(false);
  const signup = pending.status === 'valid' ? pending.data : null;

  const handleRetry = async () => {
    if (!signup) return;
    setIsRetrying(true);
    setRetryError(null);
    try {
      await goToCheckout({
        planType: signup.accountType,
        customerEmail: signup.email,
        customerName: `${signup.firstName} ${signup.lastName}`,
      });
    } catch (error) {
      setRetryError(checkoutErrorMessage(error));
      setIsRetrying(false);
    }
  };

  const retryAction = signup ? (
    <Button onClick={handleRetry} disabled={isRetrying}>
      {isRetrying ? <Spinner label={null} /> : <RefreshCwIcon aria-hidden="true" />}
      Retry payment
    </Button>
  ) : (
    <Button asChild>
      <Link href={user ? '/pricing' : '/signup'}>
        <RefreshCwIcon aria-hidden="true" />
        Retry payment
      </Link>
    </Button>
  );

  return (
    <AuthShell width="wide">
      <div className="mx-auto max-w-3xl space-y-6">
        <CheckoutHeading icon={XCircleIcon} tone="warning" title="Checkout cancelled">
          Your payment was not completed and nothing was charged.
        </CheckoutHeading>

        {signup ? (
          <Notice variant="info" title="Your account is ready on the free plan">
            <p>
              We created your account for <strong className="break-words">{signup.email}</strong>. You can
              retry the payment for the {plans[signup.accountType].name} plan now, or verify your email, sign
              in and upgrade later from My Account.
            </p>
          </Notice>
        ) : null}

        {retryError ? (
          <Notice variant="error" title="Checkout Error">
            <p>{retryError || 'Failed to create checkout session. Please try again.'}</p>
          </Notice>
        ) : null}

        <AuthPanel>
          <h2 className="text-lg font-semibold">What would you like to do?</h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            <Option
              icon={CreditCardIcon}
              title="Try the payment again"
              text={
                signup
                  ? `Back to the secure checkout for ${plans[signup.accountType].name}.`
                  : 'Choose your plan and pay by card.'
              }
              action={retryAction}
            />
            {user ? (
              <Option
                icon={ArrowLeftIcon}
                title="Back to your dashboard"
                text="Your plan has not changed."
                action={
                  <Button asChild variant="outline">
                    <Link href="/">Back to dashboard</Link>
                  </Button>
                }
              />
            ) : (
              <Option
                icon={ArrowLeftIcon}
                title="Back to signup"
                text="Check your details or pick another plan."
                action={
                  <Button asChild variant="outline">
                    <Link href={signup ? `/signup?plan=${signup.accountType}` : '/signup'}>
                      Back to signup
                    </Link>
                  </Button>
                }
              />
            )}
            <Option
              icon={SparklesIcon}
              title="Start with a free account"
              text={`${plans.free.credits} enquiry credits a month, no card and no time limit. Upgrade whenever you like.`}
              action={
                <Button asChild variant="outline">
                  <Link href={signup || user ? '/login' : '/signup?plan=free'}>
                    {signup || user ? 'Continue on the free plan' : 'Start free account'}
                  </Link>
                </Button>
              }
            />
            <Option
              icon={LifeBuoyIcon}
              title="Contact support"
              text="Stuck? Tell us what happened and we will help."
              action={
                <Button asChild variant="outline">
                  <a
                    href={`mailto:${contactEmail ?? ''}?subject=${encodeURIComponent('Help with checkout')}`}
                  >
                    Contact support
                  </a>
                </Button>
              }
            />
          </ul>
        </AuthPanel>

        <AuthPanel>
          <h2 className="text-lg font-semibold">Common issues</h2>
          <dl className="mt-4 divide-y divide-border">
            {commonIssues.map((issue) => (
              <div key={issue.title} className="py-3 first:pt-0 last:pb-0">
                <dt className="font-medium">{issue.title}</dt>
                <dd className="mt-1 text-sm text-muted-foreground">{issue.text}</dd>
              </div>
            ))}
          </dl>
        </AuthPanel>
      </div>
    </AuthShell>
  );
}

function Option({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: typeof CreditCardIcon;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="flex gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h3 className="font-medium">{title}</h3>
          <p className="text-sm text-muted-foreground">{text}</p>
        </div>
      </div>
      <div className="mt-auto [&>*]:w-full">{action}</div>
    </li>
  );
}
