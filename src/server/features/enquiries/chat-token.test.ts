import { describe, expect, it } from 'vitest';
import { readChatToken, signChatToken } from './chat-token.ts';

const secret = 'a-session-secret-that-is-long-enough';
const id = '0b7c1a52-8f3e-4c1d-9a57-2f1e0d6c4b11';
const at = new Date('2026-11-25T09:00:00Z');
const in14Days = new Date(at.getTime() + 14 * 86_400_000);

describe('enquiry chat tokens', () => {
  const token = signChatToken(secret, id, in14Days);
  const cases: Array<[string, string, Date, string | null]> = [
    ['a fresh token', token, at, id],
    ['one second before it expires', token, new Date(in14Days.getTime() - 1000), id],
    ['at its expiry', token, in14Days, null],
    [
      'signed with another secret',
      signChatToken('another-secret-of-enough-length!!', id, in14Days),
      at,
      null,
    ],
    [
      'with its payload changed',
      `${Buffer.from(`${id}.9999999999`).toString('base64url')}.${token.split('.')[1]}`,
      at,
      null,
    ],
    ['cut short', token.slice(0, -3), at, null],
    ['with an extra part', `${token}.x`, at, null],
    ['not a token', 'hello', at, null],
    ['empty', '', at, null],
  ];
  for (const [label, value, when, expected] of cases) {
    it(`${label} → ${expected ? 'the enquiry' : 'refused'}`, () => {
      expect(readChatToken(secret, value, when)).toBe(expected);
    });
  }
});
