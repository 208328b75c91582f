/**
 * England and Wales bank holidays (gov.uk/bank-holidays), as London dates. Viewings are closed on
 * them unless a company opens its hours on bank holidays (the Viewings tab). To add a year, copy
 * its "england-and-wales" dates from https://www.gov.uk/bank-holidays.json into this list.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: Readonly<Record<string, string>> = {
  '2025-01-01': "New Year's Day",
  '2025-04-18': 'Good Friday',
  '2025-04-21': 'Easter Monday',
  '2025-05-05': 'Early May bank holiday',
  '2025-05-26': 'Spring bank holiday',
  '2025-08-25': 'Summer bank holiday',
  '2025-12-25': 'Christmas Day',
  '2025-12-26': 'Boxing Day',
  '2026-01-01': "New Year's Day",
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-05-04': 'Early May bank holiday',
  '2026-05-25': 'Spring bank holiday',
  '2026-08-31': 'Summer bank holiday',
  '2026-12-25': 'Christmas Day',
  '2026-12-28': 'Boxing Day (substitute day)',
  '2027-01-01': "New Year's Day",
  '2027-03-26': 'Good Friday',
  '2027-03-29': 'Easter Monday',
  '2027-05-03': 'Early May bank holiday',
  '2027-05-31': 'Spring bank holiday',
  '2027-08-30': 'Summer bank holiday',
  '2027-12-27': 'Christmas Day (substitute day)',
  '2027-12-28': 'Boxing Day (substitute day)',
  '2028-01-03': "New Year's Day (substitute day)",
  '2028-04-14': 'Good Friday',
  '2028-04-17': 'Easter Monday',
  '2028-05-01': 'Early May bank holiday',
  '2028-05-29': 'Spring bank holiday',
  '2028-08-28': 'Summer bank holiday',
  '2028-12-25': 'Christmas Day',
  '2028-12-26': 'Boxing Day',
};

/**
 * Days no viewing is offered by default: the bank holidays, plus Christmas Day and Boxing Day
 * themselves when they fall on a weekend (the substitute Monday is the bank holiday, but nobody
 * shows a flat on the 26th either).
 */
export function isClosedHoliday(isoDate: string): boolean {
  return isoDate in ENGLAND_AND_WALES_BANK_HOLIDAYS || /-12-2[56]$/.test(isoDate);
}
