import { describe } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { isThanksOnly } from './text.ts';

describe('isThanksOnly', () => {
  testReturns('%j → %s', isThanksOnly, [
    ['thanks!', true],
    ['Thank you', true],
    ['cool cheers', true],
    ['thank u 🙏', true],
    ['Thanks 👍🏽', true],
    ['ta', true],
    ['thx', true],
    ['great thanks', true],
    ['thanks so much x', true],
    ['thanks, is there parking?', false],
    ['thanks but I need to change the time', false],
    ['tanya', false],
    ['just me thanks x2', false],
    ['', false],
    ['👍', false],
  ]);
});
