import { describe, expect, it } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { slugify, uniqueSlug } from './slug.ts';

describe('slugify', () => {
  testReturns('%s → %s', slugify, [
    ['Acme Lettings', 'acme-lettings'],
    ['  Smith & Sons Estate Agents Ltd. ', 'smith-and-sons-estate-agents-ltd'],
    ['Café Réal Homes', 'cafe-real-homes'],
    ['14 Elm Road, Leeds LS6', '14-elm-road-leeds-ls6'],
    ['!!!', 'item'],
  ]);

  it('keeps slugs short', () => {
    expect(slugify('a'.repeat(300)).length).toBeLessThanOrEqual(60);
  });
});

describe('uniqueSlug', () => {
  it('adds a numeric suffix on a clash', async () => {
    const taken = new Set(['acme-lettings', 'acme-lettings-2']);
    expect(await uniqueSlug('Acme Lettings', async (s) => taken.has(s))).toBe('acme-lettings-3');
    expect(await uniqueSlug('Other', async (s) => taken.has(s))).toBe('other');
  });
});
