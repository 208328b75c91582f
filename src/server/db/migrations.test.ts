import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '#server/lib/paths.ts';

const files = readdirSync(migrationsDir)
  .filter((name) => name.endsWith('.sql'))
  .sort();

/** Runs the migration files whose names sort before `stop` (all when absent), as the migrator would. */
async function migrate(db: PGlite, from: string, stop?: string): Promise<void> {
  for (const name of files.filter((file) => file >= from && (!stop || file < stop))) {
    for (const statement of readFileSync(path.join(migrationsDir, name), 'utf8').split(
      '--> statement-breakpoint',
    )) {
      await db.exec(statement);
    }
  }
}

describe('migrations that change existing data', () => {
  it('0022 merges webhook endpoints that share an address, keeping the oldest and every event', async () => {
    const db = new PGlite({ extensions: { btree_gist } });
    await migrate(db, '0000', '0022');
    // The endpoints alone are under test: the company they point at need not exist.
    await db.exec(`set session_replication_role = replica`);
    await db.exec(`
      insert into webhook_endpoints (id, company_id, url, events, secret, created_at) values
        ('00000000-0000-4000-8000-000000000001', '10000000-0000-4000-8000-000000000000', 'https://a.example/hook', '["lead.created"]', 'whsec_first', '2026-01-01'),
        ('00000000-0000-4000-8000-000000000002', '10000000-0000-4000-8000-000000000000', 'https://a.example/hook', '["lead.updated", "lead.created"]', 'whsec_second', '2026-02-01'),
        ('00000000-0000-4000-8000-000000000003', '10000000-0000-4000-8000-000000000000', 'https://b.example/hook', '["lead.updated"]', 'whsec_other', '2026-03-01'),
        ('00000000-0000-4000-8000-000000000004', '20000000-0000-4000-8000-000000000000', 'https://a.example/hook', '["viewing.booked"]', 'whsec_agency', '2026-03-01')`);
    await migrate(db, '0022');
    const { rows } = await db.query('select id, url, events, secret from webhook_endpoints order by id');
    expect(rows).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        url: 'https://a.example/hook',
        events: ['lead.created', 'lead.updated'],
        secret: 'whsec_first',
      },
      {
        id: '00000000-0000-4000-8000-000000000003',
        url: 'https://b.example/hook',
        events: ['lead.updated'],
        secret: 'whsec_other',
      },
      {
        id: '00000000-0000-4000-8000-000000000004',
        url: 'https://a.example/hook',
        events: ['viewing.booked'],
        secret: 'whsec_agency',
      },
    ]);
    await db.close();
  }, 60_000);
});
