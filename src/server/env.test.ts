import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'letlead-env-'));
const productionBase = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a'.repeat(40),
  SMTP_URL: 'smtp://mail.example.com:587',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  APP_URL: 'https://app.example.com',
};

describe('loadEnv', () => {
  it('needs no configuration for local use', () => {
    const env = loadEnv({ DATA_DIR: dataDir() });
    expect(env.port).toBe(3000);
    expect(env.appUrl).toBe('http://localhost:3000');
    expect(env.databaseUrl).toBeUndefined();
    expect(env.ai.provider).toBe('guided');
    expect(env.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(env.contactEmail).toBe('hello@localhost');
  });

  it('keeps the generated development secret across restarts', () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir }).sessionSecret).toBe(loadEnv({ DATA_DIR: dir }).sessionSecret);
  });

  it('sends the LLM 6,000 tokens a turn unless told otherwise', () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).ai.tokenBudget).toBe(6000);
    expect(loadEnv({ DATA_DIR: dataDir(), AI_TOKEN_BUDGET: '12000' }).ai.tokenBudget).toBe(12000);
  });

  it('treats empty strings as unset', () => {
    expect(loadEnv({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_URL', 'not a url'],
    ['APP_URL', 'ftp://example.com'],
    ['AI_PROVIDER', 'skynet'],
    ['AI_TOKEN_BUDGET', '100'],
    ['AI_TOKEN_BUDGET', 'lots'],
    ['SESSION_SECRET', 'short'],
    ['DEMO_DATA', 'maybe'],
    ['TRUST_PROXY', 'yes please'],
  ])('stops on a bad %s and names it', (name, value) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(`^Invalid[^]*${name}`));
  });

  it('refuses production without a session secret and says why', () => {
    const { SESSION_SECRET: _omit, ...rest } = productionBase;
    expect(() => loadEnv(rest)).toThrow(EnvError);
    expect(() => loadEnv(rest)).toThrow(/SESSION_SECRET is not set/);
  });

  it('names every unsafe development default in production', () => {
    let message = '';
    try {
      loadEnv({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['SESSION_SECRET', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'APP_URL'])
      expect(message).toContain(name);
  });

  it('starts in production when everything is configured', () => {
    const env = loadEnv(productionBase);
    expect(env.isProduction).toBe(true);
    expect(env.stripe?.secretKey).toBe('sk_live_x');
  });

  it('believes forwarded client addresses only when told to', () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadEnv({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEnv({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadEnv({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('requires a model for an LLM provider', () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), AI_PROVIDER: 'openai' })).toThrow(/AI_MODEL/);
  });
});
