import { describe, expect, it } from 'vitest';
import { isThanksOnly } from './text.ts';

describe('isThanksOnly', () => {
  it.each([
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
  ])('%j → %s', (text, expected) => {
    expect(isThanksOnly(text)).toBe(expected);
  });
});
