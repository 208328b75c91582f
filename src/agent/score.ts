import { formatMoney } from '#shared/format.ts';
import { annualPence, readRent } from '#shared/rent.ts';
import { daysBetween, formatLongDate, ukToIso } from './dates.ts';
import type { AgentProperty, ExtractedFields, ScoreBreakdown, ScorePart } from './types.ts';

/*
 * The lead score out of 10. Computed from the extracted fields and the
 * property only; it never looks at children or benefits (the Renters' Rights Act makes it unlawful
 * to disadvantage either), and income counts the same from any source.
 */

const AFFORDABILITY_BANDS: Array<{ ratio: number; points: number; label: string }> = [
  { ratio: 30, points: 4, label: '30× or more' },
  { ratio: 25, points: 3, label: '25× to under 30×' },
  { ratio: 20, points: 2, label: '20× to under 25×' },
  { ratio: 15, points: 1, label: '15× to under 20×' },
  { ratio: 0, points: 0, label: 'under 15×' },
];

function scoreAffordability(income: number | null, property: AgentProperty | null): ScorePart {
  const part = { part: 'affordability', label: 'Affordability', max: 4 } as const;
  if (income === null) return { ...part, points: 0, reason: 'Income not given: 0/4' };
  const rent = property ? readRent(property.rentalPrice ?? '') : null;
  if (!rent) {
    const why = property
      ? `rent not given as a price ("${property.rentalPrice ?? ''}")`
      : 'no property chosen';
    const [points, band] =
      income >= 30_000
        ? [3, '£30,000 or more']
        : income >= 20_000
          ? [2, '£20,000 to £29,999']
          : income > 0
            ? [1, 'under £20,000']
            : [0, 'no income'];
    return {
      ...part,
      points,
      reason: `Rent unknown (${why}); income ${formatMoney(income, { wholePounds: true })} is ${band}: ${points}/4`,
    };
  }
  // Whole-pence arithmetic keeps the boundaries exact: income × 12 ≥ ratio × annual rent.
  const annualRent = annualPence(rent);
  const band = AFFORDABILITY_BANDS.find((b) => income * 100 * 12 >= b.ratio * annualRent)!;
  const ratio = Math.floor(((income * 100 * 12) / annualRent) * 10) / 10;
  const monthly = formatMoney(annualRent / 12 / 100, { wholePounds: true });
  const listed = rent.period === 'month' ? '' : ` (${property!.rentalPrice!.trim()})`;
  return {
    ...part,
    points: band.points,
    reason: `Income ${formatMoney(income, { wholePounds: true })} is ${ratio.toFixed(1)}× the monthly rent of ${monthly}${listed} (${band.label}): ${band.points}/4`,
  };
}

function dayCount(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

function scoreMoveIn(fields: ExtractedFields, property: AgentProperty | null, today: string): ScorePart {
  const part = { part: 'moveInFit', label: 'Move-in fit', max: 2 } as const;
  const moveIn = fields.moveIn?.date;
  if (!moveIn) {
    const words = fields.moveIn?.text;
    const why = words ? `Move-in "${words}" is not a date` : 'Move-in date not given';
    return { ...part, points: 0, reason: `${why}: 0/2` };
  }
  const vacancy = ukToIso(property?.vacancyDate);
  if (vacancy) {
    // A listing whose vacancy date has passed is available from today.
    const availableFrom = vacancy < today ? today : vacancy;
    const gap = Math.abs(daysBetween(availableFrom, moveIn));
    const points = gap <= 14 ? 2 : gap <= 31 ? 1 : 0;
    const window = gap <= 14 ? 'within 14 days' : gap <= 31 ? 'within 31 days' : 'more than 31 days';
    const from =
      availableFrom === vacancy
        ? `the vacancy date ${formatLongDate(vacancy)}`
        : `today (the property has been vacant since ${formatLongDate(vacancy)})`;
    return {
      ...part,
      points,
      reason: `Move-in ${formatLongDate(moveIn)} is ${dayCount(gap)} from ${from} (${window}): ${points}/2`,
    };
  }
  const gap = Math.abs(daysBetween(today, moveIn));
  const points = gap <= 60 ? 1 : 0;
  return {
    ...part,
    points,
    reason: `No vacancy date; move-in ${formatLongDate(moveIn)} is ${dayCount(gap)} from today (${gap <= 60 ? 'within 60 days' : 'more than 60 days'}): ${points}/2`,
  };
}

function scoreOccupancy(people: number | null, property: AgentProperty | null): ScorePart {
  const part = { part: 'occupancy', label: 'Occupancy', max: 1 } as const;
  if (people === null) return { ...part, points: 0, reason: 'Number of people not given: 0/1' };
  const who = people === 1 ? '1 person' : `${people} people`;
  const bedrooms = property?.bedrooms ?? null;
  if (bedrooms === null) {
    const points = people >= 1 ? 1 : 0;
    return { ...part, points, reason: `${who}, number of bedrooms unknown: ${points}/1` };
  }
  const limit = Math.max(2, 2 * bedrooms);
  const points = people >= 1 && people <= limit ? 1 : 0;
  const size = bedrooms === 0 ? 'a studio' : bedrooms === 1 ? '1 bedroom' : `${bedrooms} bedrooms`;
  return { ...part, points, reason: `${who} for ${size} (up to ${limit}): ${points}/1` };
}

const VALID_EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const UK_PHONE = /^\+44\d{9,10}$/;

function scoreContact(fields: ExtractedFields): ScorePart {
  const part = { part: 'contact', label: 'Contact details', max: 1 } as const;
  const hasName = Boolean(fields.name?.trim());
  const hasEmail = Boolean(fields.email && VALID_EMAIL.test(fields.email));
  const hasPhone = Boolean(fields.phone && UK_PHONE.test(fields.phone));
  if (!hasName) return { ...part, points: 0, reason: 'No name given: 0/1' };
  if (!hasEmail && !hasPhone)
    return { ...part, points: 0, reason: 'Name given but no valid email or UK phone: 0/1' };
  const how = hasEmail && hasPhone ? 'email and phone' : hasEmail ? 'email' : 'UK phone';
  return { ...part, points: 1, reason: `Name and ${how} given: 1/1` };
}

export function scoreLead(input: {
  fields: ExtractedFields;
  property: AgentProperty | null;
  today: string;
}): {
  score: number;
  breakdown: ScoreBreakdown;
} {
  const { fields, property, today } = input;
  const profession = fields.profession?.trim();
  const availability = fields.availability?.trim();
  const parts: ScorePart[] = [
    scoreAffordability(fields.annualIncome, property),
    scoreMoveIn(fields, property, today),
    scoreOccupancy(fields.numberOfPeople, property),
    profession
      ? {
          part: 'occupation',
          label: 'Occupation',
          max: 1,
          points: 1,
          reason: `Occupation given (${profession}): 1/1`,
        }
      : { part: 'occupation', label: 'Occupation', max: 1, points: 0, reason: 'Occupation not given: 0/1' },
    scoreContact(fields),
    availability
      ? {
          part: 'viewingReadiness',
          label: 'Viewing readiness',
          max: 1,
          points: 1,
          reason: `Viewing availability given (${availability}): 1/1`,
        }
      : {
          part: 'viewingReadiness',
          label: 'Viewing readiness',
          max: 1,
          points: 0,
          reason: 'Viewing availability not given: 0/1',
        },
  ];
  const total = parts.reduce((sum, p) => sum + p.points, 0);
  return { score: total, breakdown: { total, max: 10, parts } };
}
