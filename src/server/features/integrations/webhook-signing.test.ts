import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newMessageId, newWebhookSecret, signatureHeaders } from './webhook-delivery.ts';

describe('webhook signatures', () => {
  const body = JSON.stringify({
    type: 'lead.created',
    timestamp: '2026-11-25T09:00:00.000Z',
    data: { id: 'x' },
  });
  const at = new Date();

  it('makes secrets and ids in the forms the specification uses', () => {
    expect(newWebhookSecret()).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newMessageId()).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });

  it.each([
    ['no rotation', null, null, 1],
    ['a rotation within the day', 'old', 60_000, 2],
    ['a rotation more than a day ago', 'old', -60_000, 1],
  ] as const)('%s: %i signature(s), each verifiable', (_label, previous, expiresInMs, count) => {
    const secret = newWebhookSecret();
    const previousSecret = previous ? newWebhookSecret() : null;
    const headers = signatureHeaders(
      {
        secret,
        previousSecret,
        previousSecretExpiresAt: expiresInMs === null ? null : new Date(at.getTime() + expiresInMs),
      },
      'msg_test',
      at,
      body,
    );
    expect(headers['webhook-id']).toBe('msg_test');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(at.getTime() / 1000)));
    expect(headers['webhook-signature'].split(' ')).toHaveLength(count);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    if (previousSecret && count === 2)
      expect(new Webhook(previousSecret).verify(body, headers)).toEqual(JSON.parse(body));
    if (previousSecret && count === 1)
      expect(() => new Webhook(previousSecret).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace('"x"', '"y"'), headers)).toThrow();
  });
});
