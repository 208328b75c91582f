import { Link } from 'wouter';
import { plans, planTypes } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { MarketingSection } from './landing-section.tsx';
import { PlanCard } from './plan-card.tsx';

/** The landing page's plan cards (anchor `pricing`), from the shared plan table. */
export function PricingSection() {
  return (
    <MarketingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple monthly plans that grow with you"
      lede="One enquiry credit for each tenant the AI qualifies. Start free with no time limit, and upgrade when your enquiries grow. Paid plans are on a monthly rolling contract."
    >
      <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {planTypes.map((type) => (
          <PlanCard key={type} type={type} heading="h3">
            <Button
              asChild
              className="mt-8 w-full"
              variant={plans[type].isMostPopular ? 'default' : 'outline'}
            >
              <Link href={`/signup?plan=${type}`}>
                Get Started<span className="sr-only"> with the {plans[type].name} plan</span>
              </Link>
            </Button>
          </PlanCard>
        ))}
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
    </MarketingSection>
  );
}
