import { describe, expect, test } from 'vitest';
import { LEAD_STATUSES, type LeadListItemDto, type LeadStatus } from '#shared/schemas/leads.ts';
import { countByStatus, groupByStatus, keepUnchangedColumns } from './lead-board-columns.ts';

const lead = (id: string, status: LeadStatus) => ({ id, status }) as LeadListItemDto;

describe('the board columns', () => {
  const leads = [lead('a', 'new'), lead('b', 'lost'), lead('c', 'new'), lead('d', 'viewed')];

  test('every status has a column, in the pipeline order, each keeping the order given', () => {
    const columns = groupByStatus(leads);
    expect(Object.keys(columns)).toEqual([...LEAD_STATUSES]);
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

describe('keepUnchangedColumns', () => {
  test('a move gives new arrays to the two columns it touched and keeps the other five', () => {
    const a = lead('a', 'new');
    const b = lead('b', 'contacted');
    const c = lead('c', 'lost');
    const before = groupByStatus([a, b, c]);
    const moved = { ...a, status: 'contacted' as const };
    const after = keepUnchangedColumns(before, groupByStatus([moved, b, c]));
    expect(after.new).not.toBe(before.new);
    expect(after.new).toEqual([]);
    expect(after.contacted).not.toBe(before.contacted);
    expect(after.contacted).toEqual([moved, b]);
    expect(after.lost).toBe(before.lost);
    expect(after.viewed).toBe(before.viewed);
  });

  test('a column whose order changed is new too', () => {
    const a = lead('a', 'new');
    const b = lead('b', 'new');
    const before = groupByStatus([a, b]);
    expect(keepUnchangedColumns(before, groupByStatus([b, a])).new).not.toBe(before.new);
  });
});
