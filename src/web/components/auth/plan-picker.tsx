import { formatMoney } from '#shared/format.ts';
import { isPaidPlan, type PlanType, planFeatures, plans, planTypes } from '#shared/plans.ts';
import { MonthlyPrice } from '#web/components/billing/monthly-price.tsx';
import { TickItem } from '#web/components/ui/tick-item.tsx';
import { cn } from '#web/lib/utils.ts';

/** The four plans as radio cards (one tab stop, arrow keys move between them). */
export function PlanPicker({
  value,
  onChange,
  name = 'accountType',
}: {
  value: PlanType;
  onChange: (plan: PlanType) => void;
  name?: string;
}) {
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-3 text-base font-semibold">Choose your plan</legend>
      {planTypes.map((type) => {
        const plan = plans[type];
        const isSelected = value === type;
        return (
          <label
            key={type}
            className={cn(
              'relative flex cursor-pointer items-center gap-3 rounded-lg border bg-white p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-1',
              isSelected ? 'border-primary bg-accent shadow-sm' : 'border-border hover:border-slate-400',
            )}
          >
            <input
              type="radio"
              name={name}
              value={type}
              checked={isSelected}
              onChange={() => onChange(type)}
              className="size-4 shrink-0 accent-[var(--color-primary)]"
            />
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-center gap-2 font-medium">
                {plan.name}
                {plan.isMostPopular ? (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                    Most Popular
                  </span>
                ) : null}
              </span>
              <span className="block text-sm text-muted-foreground">
                {plan.credits.toLocaleString('en-GB')} enquiry credits a month
              </span>
            </span>
            <span className="shrink-0 text-right">
              <span className="block font-semibold">{formatMoney(plan.price)}</span>
              <span className="block text-xs text-muted-foreground">per month</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** What the chosen plan gives and what happens next (free: verify and go; paid: then pay by card). */
export function PlanSummary({ planType }: { planType: PlanType }) {
  const plan = plans[planType];
  const isPaid = isPaidPlan(planType);
  return (
    <section aria-labelledby="plan-summary-heading" className="space-y-4">
      <div>
        <h2 id="plan-summary-heading" className="text-sm font-medium text-muted-foreground">
          Selected plan
        </h2>
        <p className="mt-1 flex items-baseline justify-between gap-2">
          <span className="text-xl font-semibold">{plan.name}</span>
          <MonthlyPrice price={plan.price} amountClassName="text-xl font-semibold" />
        </p>
        <p className="mt-1 text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <ul className="space-y-2 text-sm">
        <TickItem>
          <span>
            <strong>{plan.credits.toLocaleString('en-GB')}</strong> enquiry credits every month
          </span>
        </TickItem>
        {planFeatures.slice(0, 4).map((feature) => (
          <TickItem key={feature}>
            <span>{feature}</span>
          </TickItem>
        ))}
      </ul>
      <p className="rounded-md bg-slate-50 p-3 text-sm text-muted-foreground">
        {isPaid
          ? 'Monthly rolling contract, cancel any time. After creating your account you will pay securely by card, then verify your email to sign in.'
          : 'Free with no time limit and no card needed. Verify your email and you are ready to go; upgrade whenever you like.'}
      </p>
    </section>
  );
}
