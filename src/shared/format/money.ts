/** Money in British English: '£30,000', '£1,250.50'. */

const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const PENCE = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * '£30,000' or '£1,250.50': whole pounds show no pence. With `wholePounds`, an amount is rounded
 * to the pound ('£1,083' for a weekly rent's monthly figure), as the chat says amounts.
 */
export function formatMoney(pounds: number, options: { wholePounds?: boolean } = {}): string {
  const isWhole = options.wholePounds || Number.isInteger(pounds);
  return `£${isWhole ? WHOLE.format(Math.round(pounds)) : PENCE.format(pounds)}`;
}
