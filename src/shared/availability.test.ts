import { describe, expect, test } from 'vitest';
import { availabilityTier, availabilityVariant } from './availability.ts';

describe('availabilityVariant', () => {
  test.each([
    ['available', 'default'],
    ['Available', 'default'],
    [' available ', 'default'],
    ['pending', 'secondary'],
    ['PENDING', 'secondary'],
    ['Weekends', 'outline'],
    ['available from Monday', 'outline'],
    ['', 'outline'],
    [null, 'outline'],
  ] as const)('%s → %s', (value, variant) => {
    expect(availabilityVariant(value)).toBe(variant);
  });
});

describe('availabilityTier', () => {
  test.each([
    ['Today', 'strongest'],
    ['today after 5pm', 'strongest'],
    ['Tomorrow', 'strongest'],
    ['tomorrow evening', 'strongest'],
    ['Tonight', 'strongest'],
    ['Weekends', 'light'],
    ['this weekend', 'light'],
    ['Saturday morning', 'light'],
    ['Sunday', 'light'],
    ['Saturday evening', 'light'],
    ['Weekday evenings', 'mid'],
    ['evenings', 'mid'],
    ['Any evening', 'mid'],
    ['this week', 'mid'],
    ['Next week', 'mid'],
    ['weekdays', 'mid'],
    ['Monday 10am', 'grey'],
    ['flexible', 'grey'],
    ['available', 'grey'],
    ['', 'grey'],
    [null, 'grey'],
    [undefined, 'grey'],
  ] as const)('%s → %s', (value, tier) => {
    expect(availabilityTier(value)).toBe(tier);
  });
});
