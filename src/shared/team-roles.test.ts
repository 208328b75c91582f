import { describe, expect, test } from 'vitest';
import { AREA_ACCESS, AREA_DENIED_MESSAGES, canAccess, type TeamArea, type TeamRole } from './team-roles.ts';

describe('canAccess: the roles table of docs/team.md', () => {
  const table: [TeamArea, Record<TeamRole, boolean>][] = [
    ['leads', { owner: true, admin: true, negotiator: true }],
    ['settings', { owner: true, admin: true, negotiator: false }],
    ['integrations', { owner: true, admin: true, negotiator: false }],
    ['team', { owner: true, admin: true, negotiator: false }],
    ['billing', { owner: true, admin: false, negotiator: false }],
    ['closure', { owner: true, admin: false, negotiator: false }],
    ['ownership', { owner: true, admin: false, negotiator: false }],
  ];

  test('covers every area', () => {
    expect(table.map(([area]) => area).sort()).toEqual(Object.keys(AREA_ACCESS).sort());
  });

  test.each(table)('%s', (area, expected) => {
    for (const role of ['owner', 'admin', 'negotiator'] as const) {
      expect(canAccess(role, area), role).toBe(expected[role]);
    }
    expect(AREA_DENIED_MESSAGES[area]).toMatch(/^Only /);
  });
});
