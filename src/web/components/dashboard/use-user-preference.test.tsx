// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { readLeadView } from '#web/components/leads/leads-tab.tsx';
import { useUserPreference } from './use-user-preference.ts';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('the Table | Board choice', () => {
  testReturns('stored %s reads as %s', readLeadView, [
    [null, 'table'],
    ['"board"', 'board'],
    ['"table"', 'table'],
    ['"kanban"', 'table'],
    ['not json', 'table'],
  ]);

  test('is remembered per user: another agent on the same browser keeps their own', () => {
    const first = renderHook(() => useUserPreference('lead-view', 'user-a', readLeadView));
    act(() => first.result.current[1](() => 'board'));
    expect(first.result.current[0]).toBe('board');

    // A new page load for the same user reads it back; another user starts on the table.
    expect(renderHook(() => useUserPreference('lead-view', 'user-a', readLeadView)).result.current[0]).toBe(
      'board',
    );
    expect(renderHook(() => useUserPreference('lead-view', 'user-b', readLeadView)).result.current[0]).toBe(
      'table',
    );
  });
});
