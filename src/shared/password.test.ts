import { describe, expect, it } from 'vitest';
import { failingPasswordRules, passwordStrength, SPECIAL_CHARACTERS } from './password.ts';

describe('passwordStrength', () => {
  it.each([
    ['Sunny-Flat-42!', 'strong', []],
    ['Abcdef1£', 'strong', []],
    ['Abcdefg1', 'medium', ['special']],
    ['abcdefg1', 'medium', ['uppercase', 'special']],
    ['Ab1!', 'medium', ['length']],
    ['abcdefgh', 'weak', ['uppercase', 'number', 'special']],
    ['abc', 'weak', ['length', 'uppercase', 'number', 'special']],
    ['', 'weak', ['length', 'uppercase', 'lowercase', 'number', 'special']],
    ['ABCDEFG1 ', 'medium', ['lowercase', 'special']],
  ] as const)('%s is %s', (password, strength, failing) => {
    expect(passwordStrength(password)).toBe(strength);
    expect(failingPasswordRules(password).map((rule) => rule.id)).toEqual(failing);
  });

  it('counts exactly eight characters as long enough', () => {
    expect(failingPasswordRules('Abcdef1!').map((rule) => rule.id)).toEqual([]);
    expect(failingPasswordRules('Abcde1!').map((rule) => rule.id)).toEqual(['length']);
  });

  it('accepts every character of the published special set, and only those', () => {
    for (const character of SPECIAL_CHARACTERS) {
      expect(failingPasswordRules(`Abcdefg1${character}`)).toEqual([]);
    }
    expect(failingPasswordRules('Abcdefg1 é').map((rule) => rule.id)).toEqual(['special']);
  });
});
