import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

describe('page cursors', () => {
  const position = { at: '2026-11-25T09:15:02.123456Z', id: '0b6f6c1e-3d1c-4f0e-9d0a-4c8b2f1e7a11' };

  it('round-trips a position, microseconds included', () => {
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it.each([
    ['', 'empty'],
    ['not-a-cursor', 'made up'],
    [Buffer.from('2026-11-25T09:15:02Z|x').toString('base64url'), 'no microseconds, bad id'],
    [Buffer.from("1' or 1=1 --|0b6f6c1e-3d1c-4f0e-9d0a-4c8b2f1e7a11").toString('base64url'), 'injection'],
  ])('refuses %j (%s)', (cursor) => {
    expect(decodeCursor(cursor)).toBeNull();
  });
});
