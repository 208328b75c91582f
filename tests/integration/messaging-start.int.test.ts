import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { messagingChannels } from '#server/db/schema.ts';
import { seal } from '#server/lib/secret-box.ts';
import { spawnServer } from '#tests/helpers/server-process.ts';
import { seedAgency } from '#tests/scale/server-processes.ts';

/**
 * Messaging credentials are stored encrypted under ENCRYPTION_KEY. A production server whose
 * database holds them refuses to start without the key that opens them, saying why, rather than
 * failing every message to and from tenants later; in development it starts and warns.
 */
const KEY = 'the-key-the-credentials-were-saved-with-0123';
const production = {
  NODE_ENV: 'production',
  APP_URL: 'https://letlead.example.co.uk',
  SESSION_SECRET: 'start-check-secret-that-is-long-enough-for-better-auth',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  STRIPE_SECRET_KEY: 'sk_test_start_check',
  STRIPE_WEBHOOK_SECRET: 'whsec_start_check',
  LOG_LEVEL: 'warn',
  JOBS: 'false',
};

describe('starting with messaging credentials stored', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'letlead-start-check-'));
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const { company } = await seedAgency(database.db, 'start', 5);
      await database.db.insert(messagingChannels).values({
        companyId: company.id,
        channel: 'sms',
        settings: { accountSid: `AC${'4'.repeat(32)}`, from: '+447700900000' },
        secrets: seal(KEY, JSON.stringify({ authToken: 'twilio-auth-token-start-check' })),
        verifyToken: null,
      });
    } finally {
      await database.close();
    }
  }, 60_000);

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string>) =>
    spawnServer({
      args: ['--import', 'tsx', 'src/server/main.ts'],
      env: { DATA_DIR: dataDir, ...env },
      timeoutMs: 90_000,
    });

  it('in production without ENCRYPTION_KEY: refuses, naming the variable', async () => {
    await expect(start(production)).rejects.toThrow(
      /exited with 1[\s\S]*Refusing to start with NODE_ENV=production:\s+ENCRYPTION_KEY is not set, but messaging credentials/,
    );
  }, 100_000);

  it('in production with another key: refuses, saying it does not open them', async () => {
    await expect(
      start({ ...production, ENCRYPTION_KEY: randomBytes(24).toString('base64url') }),
    ).rejects.toThrow(/exited with 1[\s\S]*ENCRYPTION_KEY does not open the stored messaging credentials/);
  }, 100_000);
});
