import { describe, expect, it } from 'vitest';
import type { PublicProperty } from '#shared/schemas/chat.ts';
import { chatPageMeta, propertyFacts } from './chat-page-meta.ts';

const flat: PublicProperty = {
  slug: 'elm-road',
  name: '2 Bed Flat, Elm Road',
  address: '14 Elm Road, Leeds LS6 2AB',
  rentalPrice: '£950 pcm',
  bedrooms: 2,
  parking: null,
  vacancyDate: null,
  photos: [],
};

const harbour = { name: 'Harbour Lettings', slug: 'harbour', isListingGone: false };

describe('the chat page title and description', () => {
  it('stays generic until the agency is known', () => {
    expect(chatPageMeta(null)).toEqual({ title: 'AI Assistant' });
  });

  it('names the agency on its own link', () => {
    const meta = chatPageMeta({ ...harbour, property: null });
    expect(meta.title).toBe('Chat with Harbour Lettings');
    expect(meta.description).toMatch(/^Ask Harbour Lettings about a home to rent and arrange a viewing\./);
  });

  it('names the listing, its rent and bedrooms on a property link, and never its street address', () => {
    const meta = chatPageMeta({ ...harbour, property: flat });
    expect(meta.title).toBe('2 Bed Flat, Elm Road: chat with Harbour Lettings');
    expect(meta.description).toMatch(
      /^Ask Harbour Lettings about 2 Bed Flat, Elm Road \(£950 pcm, 2 beds\) and arrange a viewing\./,
    );
    expect(meta.description).not.toContain('LS6');
  });

  it('leaves out facts the agency did not give', () => {
    const bare = { ...flat, rentalPrice: null, bedrooms: null };
    expect(propertyFacts(bare)).toEqual([]);
    expect(chatPageMeta({ ...harbour, property: bare }).description).toMatch(
      /^Ask Harbour Lettings about 2 Bed Flat, Elm Road and arrange/,
    );
  });

  it.each([
    // A listing with no bedrooms is a studio, as the portals and tenants say.
    [0, 'Studio'],
    [1, '1 bed'],
    [3, '3 beds'],
  ])('%i bedrooms read "%s"', (bedrooms, text) => {
    expect(propertyFacts({ ...flat, rentalPrice: null, bedrooms })).toEqual([text]);
  });
});
