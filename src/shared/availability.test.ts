import { describe } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { availabilityTier, availabilityVariant } from './availability.ts';

describe('availabilityVariant', () => {
  testReturns('%s → %s', availabilityVariant, [
    ['available', 'default'],
    ['Available', 'default'],
    [' available ', 'default'],
    ['pending', 'secondary'],
    ['PENDING', 'secondary'],
    ['Weekends', 'outline'],
    ['available from Monday', 'outline'],
    ['', 'outline'],
    [null, 'outline'],
  ] as const);
});

describe('availabilityTier', () => {
  testReturns('%s → %s', availabilityTier, [
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
  ] as const);
});
