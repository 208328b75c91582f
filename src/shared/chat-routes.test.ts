import { describe, expect, it } from 'vitest';
import { testReturns, testReturnsEqual } from '#tests/helpers/tables.ts';
import { holdingPagePath, isManageViewingPath, matchChatRoute } from './chat-routes.ts';

describe('which page the chat entry shows', () => {
  testReturnsEqual('%s%s', matchChatRoute, [
    ['/chatbot/harbour', '', { page: 'chat', companySlug: 'harbour', propertySlug: null }],
    ['/chatbot/harbour/', '', { page: 'chat', companySlug: 'harbour', propertySlug: null }],
    ['/chatbot/harbour/elm-road', '', { page: 'chat', companySlug: 'harbour', propertySlug: 'elm-road' }],
    [
      '/chatbot/harbour/elm-road/',
      '?utm=x',
      { page: 'chat', companySlug: 'harbour', propertySlug: 'elm-road' },
    ],
    ['/chatbot/caf%C3%A9', '', { page: 'chat', companySlug: 'café', propertySlug: null }],
    ['/chatbot/bad%E0', '', { page: 'chat', companySlug: 'bad%E0', propertySlug: null }],
    ['/holdingpage', '?company=quiet-homes', { page: 'holding', companySlug: 'quiet-homes' }],
    ['/holdingpage/', '', { page: 'holding', companySlug: null }],
    ['/holdingpage', '?company=', { page: 'holding', companySlug: null }],
    ['/chatbot', '', { page: 'none' }],
    ['/chatbot/a/b/c', '', { page: 'none' }],
    ['/holdingpages', '', { page: 'none' }],
    ['/', '', { page: 'none' }],
  ]);

  it('sends a tenant to the holding page of the agency, whatever its slug holds', () => {
    const path = holdingPagePath('a&b c');
    expect(path).toBe('/holdingpage?company=a%26b%20c');
    expect(matchChatRoute('/holdingpage', path.slice(path.indexOf('?')))).toEqual({
      page: 'holding',
      companySlug: 'a&b c',
    });
  });
});

describe("the tenant's viewing page, the viewing entry's one page", () => {
  testReturns('%s: %s', isManageViewingPath, [
    ['/viewings/Ab3_x-9', true],
    ['/viewings/Ab3_x-9/', true],
    ['/viewings/', false],
    ['/viewings', false],
    ['/viewings/a/b', false],
    ['/viewingsx/a', false],
    ['/', false],
  ]);
});
