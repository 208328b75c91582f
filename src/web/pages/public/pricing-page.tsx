import { CheckIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '#shared/format.ts';
import {
  isPaidPlan,
  type PaidPlanType,
  type PlanType,
  planFeatures,
  plans,
  planTypes,
} from '#shared/plans.ts';
import type { AuthUser } from '#shared/schemas/auth.ts';
import {
  checkoutErrorMessage,
  goToCheckout,
  openBillingPortal,
} from '#web/components/billing/billing-api.ts';
import { FaqAccordion } from '#web/components/marketing/faq-accordion.tsx';
import { Island } from '#web/components/marketing/island.tsx';
import { PageSection } from '#web/components/marketing/landing-section.tsx';
import { MarketingLayout } from '#web/components/marketing/marketing-layout.tsx';
import { PlanCard } from '#web/components/marketing/plan-card.tsx';
import { pricingFaqs } from '#web/components/marketing/pricing-faqs.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/lib/toast.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { useUser } from '#web/lib/use-user.ts';
import { cn } from '#web/lib/utils.ts';
import { publicPageMeta } from './page-meta.ts';

const credits = (type: PlanType) => plans[type].credits.toLocaleString('en-GB');

/** A rough weekly figure, to make a monthly allowance easy to picture (52 weeks / 12 months). */
const perWeek = (type: PlanType) => Math.floor((plans[type].credits * 12) / 52).toLocaleString('en-GB');

const comparisonRows: { label: string; value: (type: PlanType) => ReactNode }[] = [
  { label: 'Price per month', value: (type) => (type === 'free' ? '£0' : formatMoney(plans[type].price)) },
  { label: 'Enquiry credits per month', value: (type) => credits(type) },
  { label: 'About this many qualified enquiries a week', value: (type) => perWeek(type) },
  { label: 'AI agent links', value: () => 'Unlimited' },
  ...planFeatures
    .filter((feature) => feature !== 'Unlimited AI agent links')
    .map((feature) => ({ label: feature, value: () => <Included /> })),
  { label: 'Answers tenants 24/7', value: () => <Included /> },
  { label: 'Contract', value: (type) => (type === 'free' ? 'No time limit' : 'Monthly rolling') },
];

function Included() {
  return (
    <>
      <CheckIcon className="mx-auto size-5 text-primary" aria-hidden="true" />
      <span className="sr-only">Included</span>
    </>
  );
}

type CardAction = { label: string; onSelect?: () => Promise<void>; href?: string; isCurrent?: boolean };

/**
 * What a plan card's button does. Signed out: sign up on that plan. Signed in without a paid
 * subscription: go to checkout for it. With one: change it in the subscription portal.
 */
function cardAction(type: PlanType, user: AuthUser | null): CardAction {
  const plan = plans[type];
  const company = user?.company;
  if (!user) return { label: 'Get Started', href: `/signup?plan=${type}` };
  if (!company) return { label: 'Go to your dashboard', href: '/' };
  const isSubscribed = company.subscriptionStatus === 'active' || company.subscriptionStatus === 'past_due';
  if (company.accountType === type) return { label: 'Your current plan', isCurrent: true };
  if (isSubscribed) {
    return {
      label: type === 'free' ? 'Cancel in Manage Subscription' : `Switch to ${plan.name}`,
      onSelect: openBillingPortal,
    };
  }
  if (!isPaidPlan(type)) return { label: 'Included when you cancel', isCurrent: true };
  const customerName = [user.firstName, user.lastName].filter(Boolean).join(' ') || company.name;
  return {
    label: `Upgrade to ${plan.name}`,
    onSelect: async () => {
      try {
        await goToCheckout({ planType: type as PaidPlanType, customerEmail: user.email, customerName });
      } catch (error) {
        toast({ title: 'Checkout Error', description: checkoutErrorMessage(error), variant: 'destructive' });
      }
    },
  };
}

function PlanOffer({ type, user }: { type: PlanType; user: AuthUser | null }) {
  const plan = plans[type];
  const action = cardAction(type, user);
  const [isBusy, setIsBusy] = useState(false);
  const buttonVariant = plan.isMostPopular ? 'default' : 'outline';

  const handleSelect = async () => {
    if (!action.onSelect) return;
    setIsBusy(true);
    await action.onSelect();
    setIsBusy(false);
  };

  return (
    <PlanCard type={type} heading="h2" isFreeMarkedTrial>
      {action.href ? (
        <Button asChild className="mt-8 w-full" variant={buttonVariant}>
          <Link href={action.href}>
            {action.label}
            <span className="sr-only"> with the {plan.name} plan</span>
          </Link>
        </Button>
      ) : (
        <Button
          className="mt-8 w-full"
          variant={action.isCurrent ? 'secondary' : buttonVariant}
          disabled={action.isCurrent || isBusy}
          onClick={handleSelect}
        >
          {isBusy ? <Spinner label={null} /> : null}
          {action.label}
        </Button>
      )}
    </PlanCard>
  );
}

const pricingFaqClassName = 'mt-10 rounded-xl border border-slate-200 px-5';

export default function PricingPage() {
  const meta = publicPageMeta['/pricing'];
  usePageTitle(meta.title, meta.description);
  const { user } = useUser();

  return (
    <MarketingLayout>
      <section
        aria-labelledby="pricing-title"
        className="bg-gradient-to-b from-teal-50/70 to-white pt-16 pb-8 sm:pt-20"
      >
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Pricing</p>
          <h1
            id="pricing-title"
            className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            Simple monthly plans that grow with your agency
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-slate-600">
            Every plan has every feature. You choose how many tenant enquiries the AI qualifies each month:
            start free with no time limit, and upgrade when your listings grow. Paid plans are on a monthly
            rolling contract.
          </p>
        </div>
      </section>

      <section aria-label="Plans" className="bg-white pt-6 pb-16">
        <ul className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
          {planTypes.map((type) => (
            <PlanOffer key={type} type={type} user={user} />
          ))}
        </ul>
        <p className="mx-auto mt-8 max-w-3xl px-4 text-center text-sm text-slate-600 sm:px-6">
          Prices are per month. Upgrades apply at once; downgrades at the end of your monthly cycle. Cancel
          any time.
        </p>
      </section>

      <PageSection
        titleId="compare-title"
        title="Compare plans"
        className="border-t border-slate-200 bg-slate-50 py-16 sm:py-20"
        width="max-w-5xl"
      >
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          The same AI assistant, scoring and dashboard on every plan. Only the number of enquiry credits
          differs.
        </p>
        <section
          className="relative mt-10 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, and keyboard users must be able to scroll it too
          tabIndex={0}
          aria-label="Plan comparison table"
        >
          <table className="w-full min-w-[640px] text-sm">
            <caption className="sr-only">
              Features and allowances of the Free, Small, Medium and Large plans
            </caption>
            <thead>
              <tr className="border-b border-slate-200 bg-slate-50/60">
                <th
                  scope="col"
                  className="sticky left-0 bg-slate-50 px-4 py-4 text-left font-medium text-slate-600"
                >
                  Feature
                </th>
                {planTypes.map((type) => (
                  <th key={type} scope="col" className="px-4 py-4 text-center font-semibold text-slate-900">
                    {plans[type].name}
                    {plans[type].isMostPopular ? (
                      <span className="mt-1 block text-xs font-medium text-primary">Most Popular</span>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {comparisonRows.map((row) => (
                <tr key={row.label} className="border-b border-slate-100 last:border-b-0">
                  <th
                    scope="row"
                    className="sticky left-0 bg-white px-4 py-3 text-left font-medium text-slate-700"
                  >
                    {row.label}
                  </th>
                  {planTypes.map((type) => (
                    <td
                      key={type}
                      className={cn(
                        'px-4 py-3 text-center text-slate-700',
                        plans[type].isMostPopular && 'bg-teal-50/50',
                      )}
                    >
                      {row.value(type)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </PageSection>

      <PageSection
        titleId="pricing-faq-title"
        title="Pricing questions"
        className="bg-white py-16 sm:py-20"
        width="max-w-3xl"
      >
        <p className="mt-3 text-center text-slate-600">How credits, cycles and plan changes work.</p>
        <Island name="pricing-faq" props={{ className: pricingFaqClassName }}>
          <FaqAccordion items={pricingFaqs} className={pricingFaqClassName} />
        </Island>
      </PageSection>

      {user ? null : (
        <section className="bg-primary py-14">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-4 text-center sm:px-6">
            <h2 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
              Qualify your next tenant enquiry in under 5 minutes
            </h2>
            <Button asChild size="lg" variant="secondary" className="bg-white text-primary hover:bg-teal-50">
              <Link href="/signup?plan=free">Start free</Link>
            </Button>
          </div>
        </section>
      )}
    </MarketingLayout>
  );
}
