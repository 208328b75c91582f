import { formatMoney } from '#shared/format.ts';

/** A plan's price "£49.00 / month", the amount in the size its summary wants. */
export function MonthlyPrice({ price, amountClassName }: { price: number; amountClassName: string }) {
  return (
    <span>
      <span className={amountClassName}>{formatMoney(price)}</span>
      <span className="text-sm text-muted-foreground"> / month</span>
    </span>
  );
}
