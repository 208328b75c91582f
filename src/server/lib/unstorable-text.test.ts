import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './unstorable-text.ts';

describe('findUnstorableText', () => {
  it.each([
    ['plain text', { name: 'Sarah Jones' }, undefined],
    ['emoji (a valid surrogate pair)', { name: 'Flat 🏠 👨‍👩‍👧' }, undefined],
    ['right-to-left and zero-width text', { name: '\u202Eשלום\u200B' }, undefined],
    ['a NUL in a field', { body: { name: 'a\u0000b' } }, 'body.name'],
    ['a lone high surrogate', { message: 'hi \uD800' }, 'message'],
    ['a lone low surrogate', { message: '\uDFFF hi' }, 'message'],
    ['a NUL deep in an array', { history: [{ content: 'ok' }, { content: '\u0000' }] }, 'history.1.content'],
    ['a NUL in a key', { 'k\u0000': 1 }, 'k\u0000'],
    ['a NUL as the whole value', '\u0000', '_'],
    ['numbers, booleans and null', { a: 1, b: true, c: null }, undefined],
    ['raw bytes (a signed webhook body)', Buffer.from([0, 0xd8, 0]), undefined],
  ])('%s', (_label, value, expected) => {
    expect(findUnstorableText(value)).toBe(expected);
  });
});
