import type { ReactNode } from 'react';
import { formatMoney } from '#shared/format.ts';
import { type PlanType, planFeatures, plans } from '#shared/plans.ts';
import { TickItem } from '#web/components/ui/tick-item.tsx';
import { cn } from '#web/lib/utils.ts';

/**
 * A plan's card in a list of plans: its name, price, monthly credits and features, with the
 * most popular one marked; `children` is the card's button. `heading` follows the page outline.
 */
export function PlanCard({
  type,
  heading: Heading,
  isFreeMarkedTrial = false,
  children,
}: {
  type: PlanType;
  heading: 'h2' | 'h3';
  /** Whether the Free plan's name says "(Trial)", as on the pricing page. */
  isFreeMarkedTrial?: boolean;
  children: ReactNode;
}) {
  const plan = plans[type];
  return (
    <li
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        plan.isMostPopular
          ? 'border-primary shadow-lg shadow-teal-900/10 ring-1 ring-primary'
          : 'border-slate-200',
      )}
    >
      {plan.isMostPopular ? (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
          Most Popular
        </p>
      ) : null}
      <Heading className="text-lg font-semibold text-slate-900">
        {plan.name}
        {isFreeMarkedTrial && type === 'free' ? (
          <span className="font-normal text-slate-500"> (Trial)</span>
        ) : null}
      </Heading>
      <p className="mt-1 min-h-10 text-sm text-slate-600">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{formatMoney(plan.price)}</span>
        <span className="text-sm text-slate-600">/month</span>
      </p>
      <p className="mt-2 text-sm font-medium text-teal-800">
        {plan.credits.toLocaleString('en-GB')} enquiry credits a month
      </p>
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-slate-700">
        {planFeatures.map((feature) => (
          <TickItem key={feature}>{feature}</TickItem>
        ))}
      </ul>
      {children}
    </li>
  );
}
