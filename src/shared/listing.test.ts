import { describe, expect, it } from 'vitest';
import { testReturnsEqual } from '#tests/helpers/tables.ts';
import { depositLimit, depositLimitMessage } from './listing.ts';

describe('depositLimit (Tenant Fees Act 2019)', () => {
  testReturnsEqual('%s allows %j', depositLimit, [
    // A week is monthly × 12 / 52: £1,250 pcm is £288.46 a week, 5 weeks £1,442.31.
    ['£1,250 pcm', { weeks: 5, maxDeposit: 1442 }],
    ['£1,300 pcm', { weeks: 5, maxDeposit: 1500 }],
    ['1300', { weeks: 5, maxDeposit: 1500 }],
    // Weekly prices as given.
    ['£300 pw', { weeks: 5, maxDeposit: 1500 }],
    ['£300 per week', { weeks: 5, maxDeposit: 1500 }],
    // The 6-week cap starts at exactly £50,000 a year.
    ['£49,999 pa', { weeks: 5, maxDeposit: 4807 }],
    ['£50,000 pa', { weeks: 6, maxDeposit: 5769 }],
    ['£4,166 pcm', { weeks: 5, maxDeposit: 4806 }],
    ['£4,166.67 pcm', { weeks: 6, maxDeposit: 5769 }],
    ['£962 pw', { weeks: 6, maxDeposit: 5772 }],
  ]);

  it.each([['Price on application'], [''], [null], [undefined]])('has no limit to check for %j', (price) => {
    expect(depositLimit(price)).toBeNull();
  });

  it('words the refusal with the cap in pounds', () => {
    expect(depositLimitMessage({ weeks: 5, maxDeposit: 1442 })).toBe(
      "Deposit can be at most 5 weeks' rent (£1,442) under the Tenant Fees Act 2019",
    );
  });
});
