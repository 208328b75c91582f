import { describe, expect, test } from 'vitest';
import type { LeadListItemDto, LeadStatus } from '#shared/schemas/leads.ts';
import { countByStatus, groupByStatus } from './lead-board-columns.ts';

const lead = (id: string, status: LeadStatus) => ({ id, status }) as LeadListItemDto;

describe('the board columns', () => {
  const leads = [lead('a', 'new'), lead('b', 'lost'), lead('c', 'new'), lead('d', 'viewed')];

  test('every status has a column, in the pipeline order, each keeping the order given', () => {
    const columns = groupByStatus(leads);
    expect(Object.keys(columns)).toEqual([
      'new',
      'contacted',
      'viewing_booked',
      'viewed',
      'applied',
      'let',
      'lost',
    ]);
    expect(columns.new.map((l) => l.id)).toEqual(['a', 'c']);
    expect(columns.contacted).toEqual([]);
    expect(columns.lost.map((l) => l.id)).toEqual(['b']);
  });

  test('counts each status, zero included', () => {
    expect(countByStatus(leads)).toEqual({
      new: 2,
      contacted: 0,
      viewing_booked: 0,
      viewed: 1,
      applied: 0,
      let: 0,
      lost: 1,
    });
  });
});
