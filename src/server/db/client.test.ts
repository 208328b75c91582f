import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from './client.ts';

describe('embedded database', () => {
  // Three embedded starts in a row: slow on a loaded two-core machine, hence the long timeout.
  it('refuses a second process on the same data folder, and the first keeps working', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'letlead-lock-')), 'db');
    const first = await openDatabase({ pgliteDir: dir });
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/in use by another LetLead process/);
    const result = await first.db.execute(sql`select count(*)::int as n from companies`);
    expect(result.rows[0]).toEqual({ n: 0 });
    await first.close();
    // Released on close: the folder can be opened again, with its data and migrations intact.
    const again = await openDatabase({ pgliteDir: dir });
    await again.close();
  }, 90_000);
});
