import { describe, expect, test } from 'vitest';
import { BEST_FIRST, isBestFirst, nextLeadSort } from './leads-table.tsx';

describe('nextLeadSort', () => {
  test.each([
    [null, 'rating', { id: 'rating', desc: true }],
    [{ id: 'createdAt', desc: true }, 'rating', { id: 'rating', desc: true }],
    [{ id: 'rating', desc: true }, 'rating', { id: 'rating', desc: false }],
    // Every other column still starts ascending.
    [{ id: 'rating', desc: true }, 'name', { id: 'name', desc: false }],
    [null, 'createdAt', { id: 'createdAt', desc: false }],
    [null, 'income', { id: 'income', desc: false }],
  ])('from %j, clicking %s gives %j', (current, column, next) => {
    expect(nextLeadSort(current, column)).toEqual(next);
  });
});

describe('isBestFirst', () => {
  test.each([
    [BEST_FIRST, true],
    [{ id: 'rating', desc: false }, false],
    [{ id: 'createdAt', desc: true }, false],
    [null, false],
  ])('%j → %j', (sort, pressed) => {
    expect(isBestFirst(sort)).toBe(pressed);
  });
});
