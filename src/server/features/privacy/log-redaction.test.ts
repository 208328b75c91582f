import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { scrubText, serializeError, withPersonalDataGuards } from './log-redaction.ts';

describe('scrubText', () => {
  testReturns('%s', scrubText, [
    ['Mail to sarah.jones+flat@example.co.uk failed', 'Mail to [email] failed'],
    ['call 07700 900123 today', 'call [phone] today'],
    ['call +447700900123', 'call [phone]'],
    ['office (020) 7946-0000', 'office ([phone]'],
    ['connect ECONNREFUSED 127.0.0.1:5432', 'connect ECONNREFUSED 127.0.0.1:5432'],
    ['id 4a3e2f1c-1111-4b2b-9c9c-446655440000 missing', 'id 4a3e2f1c-1111-4b2b-9c9c-446655440000 missing'],
    ['took 1234 ms at line 42:17', 'took 1234 ms at line 42:17'],
    [
      'at f (file:///app/node_modules/@ai-sdk/openai-compatible/node_modules/@ai-sdk/provider-utils@3.0.1/dist/index.mjs:813:14)',
      'at f (file:///app/node_modules/@ai-sdk/openai-compatible/node_modules/@ai-sdk/provider-utils@3.0.1/dist/index.mjs:813:14)',
    ],
    ['<Sarah.O-Neil@Example.CO.UK>', '<[email]>'],
  ]);
});

describe('serializeError', () => {
  it('keeps what an operator needs and drops the values an error carries', () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        detail: 'Key (email)=(sarah@example.com) already exists.',
      },
    );
    const drizzleError = Object.assign(
      new Error(
        'Failed query: insert into "users" ("id", "email") values ($1, $2)\nparams: abc,sarah@example.com',
      ),
      { query: 'insert …', params: ['abc', 'sarah@example.com'], cause: pgError },
    );
    const serialized = serializeError(drizzleError);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('sarah@example.com');
    expect(serialized.message).toBe(
      'Failed query: insert into "users" ("id", "email") values ($1, $2)\nparams: [redacted]',
    );
    expect(serialized.cause).toMatchObject({
      code: '23505',
      message: expect.stringContaining('users_email_unique'),
    });
  });

  it('never copies a provider error’s prompt or response body', () => {
    const apiError = Object.assign(new Error('Bad gateway'), {
      statusCode: 502,
      requestBodyValues: { messages: [{ role: 'user', content: 'I earn £42k, call me on 07700 900123' }] },
      responseBody: '{"error":"upstream"}',
    });
    const text = JSON.stringify(serializeError(apiError));
    expect(text).not.toContain('£42k');
    expect(text).not.toContain('upstream');
    expect(text).toContain('502');
  });
});

describe('withPersonalDataGuards', () => {
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = withPersonalDataGuards({
      level: 'info',
      stream,
      redact: { paths: ['req.headers.cookie'], remove: true },
    });
    return { log: Fastify({ logger }).log, lines };
  }

  it('removes personal fields, scrubs messages and serialises errors safely', () => {
    const { log, lines } = capture();
    log.warn(
      { to: 'ann@example.com', subject: 'New lead 8/10: Ann Lee', req: { headers: { cookie: 'a=b' } } },
      'x',
    );
    log.info('Sent to ann@example.com on 07700 900123');
    log.error(
      { err: Object.assign(new Error('boom'), { detail: 'Key (email)=(ann@example.com)' }) },
      'failed',
    );
    log.error({ error: Object.assign(new Error('boom'), { params: ['ann@example.com'] }) }, 'failed');
    const text = lines.join('');
    expect(lines).toHaveLength(4);
    expect(text).not.toContain('ann@example.com');
    expect(text).not.toContain('Ann Lee');
    expect(text).not.toContain('900123');
    expect(text).not.toContain('a=b');
    expect(text).toContain('Sent to [email] on [phone]');
  });
});
