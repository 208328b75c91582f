/**
 * A listing's free-text price read as a rent: shared by the score, the assistant's answers, the
 * deposit cap and the matching of portal enquiries to listings.
 */

type RentPeriod = 'month' | 'week' | 'year';

export type Rent = {
  /** The listed amount in pence, in its own period. */
  pence: number;
  period: RentPeriod;
};

const WEEKLY = /^\s*(?:pw|p\/w|p\.w\.?|pppw|per week|a week|weekly|\/\s*(?:wk|week)|per wk)\b/i;
const YEARLY = /^\s*(?:pa|p\/a|p\.a\.?|per annum|per year|a year|annually|yearly|\/\s*(?:yr|year))\b/i;
const WEEKLY_ANYWHERE = /\b(?:pw|p\/w|pppw|per week|a week|weekly)\b/i;
const YEARLY_ANYWHERE = /\b(?:per annum|per year|a year|annually|yearly|p\.?a\.?)(?=\W|$)/i;

export function readRent(text: string): Rent | null {
  const m = /(£)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(k)?/i.exec(text.replace(/£\s+/g, '£'));
  if (!m) return null;
  let pence = Number(m[2].replace(/,/g, '')) * 100 + (m[3] ? Number(m[3].padEnd(2, '0')) : 0);
  if (m[4]) pence *= 1000;
  const after = text.replace(/£\s+/g, '£').slice(m.index + m[0].length);
  // "2 bed, price on application" holds a number but no price.
  const hasPeriod =
    /^\s*(?:pcm|pm|p\/m|pw|p\/w|pa|per|a (?:week|month|year)|weekly|monthly|annually)\b/i.test(after);
  if (pence <= 0 || (!m[1] && !hasPeriod && pence < 100_00)) return null;
  let period: RentPeriod = 'month';
  if (WEEKLY.test(after)) period = 'week';
  else if (YEARLY.test(after)) period = 'year';
  else if (!/^\s*(?:pcm|pm|p\/m|per (?:calendar )?month|a month|monthly)\b/i.test(after)) {
    if (WEEKLY_ANYWHERE.test(text)) period = 'week';
    else if (YEARLY_ANYWHERE.test(text)) period = 'year';
  }
  return { pence, period };
}

export function annualPence(rent: Rent): number {
  return rent.period === 'week' ? rent.pence * 52 : rent.period === 'year' ? rent.pence : rent.pence * 12;
}

/**
 * The monthly rent of a listing's free-text price: "£1,250 pcm", "£300 pw" (×52/12), "£15,000 pa".
 * A price without a period is monthly, as UK listings are. null when no price can be read.
 */
export function parseRent(text: string | null | undefined): { monthly: number } | null {
  if (!text) return null;
  const rent = readRent(text);
  if (!rent) return null;
  return { monthly: annualPence(rent) / 12 / 100 };
}
