import { CheckIcon } from 'lucide-react';
import { Link } from 'wouter';
import { formatMoney } from '#shared/format.ts';
import { planFeatures, plans, planTypes } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { SectionHeading } from './section-heading.tsx';

/** The landing page's plan cards (anchor `pricing`), from the shared plan table. */
export function PricingSection() {
  return (
    <section
      id="pricing"
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className="scroll-mt-16 bg-white py-20 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple monthly plans that grow with you">
          One enquiry credit for each tenant the AI qualifies. Start free with no time limit, and upgrade when
          your enquiries grow. Paid plans are on a monthly rolling contract.
        </SectionHeading>

        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {planTypes.map((type) => {
            const plan = plans[type];
            return (
              <li
                key={type}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
                  plan.isMostPopular
                    ? 'border-primary shadow-lg shadow-teal-900/10 ring-1 ring-primary'
                    : 'border-slate-200',
                )}
              >
                {plan.isMostPopular ? (
                  <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-white">
                    Most Popular
                  </p>
                ) : null}
                <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
                <p className="mt-1 min-h-10 text-sm text-slate-600">{plan.description}</p>
                <p className="mt-5 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-slate-900">
                    {formatMoney(plan.price)}
                  </span>
                  <span className="text-sm text-slate-600">/month</span>
                </p>
                <p className="mt-2 text-sm font-medium text-teal-800">
                  {plan.credits.toLocaleString('en-GB')} enquiry credits a month
                </p>
                <ul className="mt-6 flex-1 space-y-2.5 text-sm text-slate-700">
                  {planFeatures.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
                <Button asChild className="mt-8 w-full" variant={plan.isMostPopular ? 'default' : 'outline'}>
                  <Link href={`/signup?plan=${type}`}>
                    Get Started<span className="sr-only"> with the {plan.name} plan</span>
                  </Link>
                </Button>
              </li>
            );
          })}
        </ul>

        <p className="mt-10 text-center text-sm text-slate-600">
          Upgrades apply at once; downgrades at the end of your monthly cycle.{' '}
          <Link
            href="/pricing"
            className="rounded-sm font-semibold text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Compare plans in detail
          </Link>
        </p>
      </div>
    </section>
  );
}
