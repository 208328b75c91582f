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
