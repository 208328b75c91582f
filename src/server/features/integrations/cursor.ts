import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '#server/lib/errors.ts';

/**
 * A page cursor: the sort position of the last row sent (its sort time, such as a lead's
 * `updated_at` or a viewing's `starts_at`, as PostgreSQL's text to the microsecond, and its id),
 * opaque to callers. A JavaScript Date would drop the microseconds and skip or repeat rows that
 * share a millisecond.
 */
export type CursorPosition = { at: string; id: string };

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url');
}

/** The position, or null when the text is not a cursor this API made. */
export function decodeCursor(cursor: string): CursorPosition | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/.exec(text);
  return match ? { at: match[1]!, id: match[2]! } : null;
}

/** The condition for the rows after a cursor in (sort time, id) order; a 400 when it is not one this API made. */
export function afterCursor(cursor: string, sortColumn: AnyColumn, idColumn: AnyColumn): SQL {
  const position = decodeCursor(cursor);
  if (!position)
    throw badRequest('cursor is not one this API gave', { errors: { cursor: 'Invalid cursor' } });
  return sql`(${sortColumn}, ${idColumn}) > (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/**
 * The columns each row carries for the next page's cursor (select them as `cursor`): the sort
 * time as PostgreSQL's text to the microsecond, and the id.
 */
export function cursorColumns(sortColumn: AnyColumn, idColumn: AnyColumn) {
  return {
    at: sql<string>`to_char(${sortColumn} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    id: sql<string>`${idColumn}`,
  };
}

/**
 * One page of rows read with a limit one higher than the page's, and the cursor for the next
 * page when that extra row shows there is one.
 */
export function pageWithCursor<Row extends { cursor: CursorPosition }>(
  rows: Row[],
  limit: number,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last.cursor) : null };
}
