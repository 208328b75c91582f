import { describe, expect, it } from 'vitest';
import { readChatSource } from './chat-source.ts';

describe('readChatSource', () => {
  it.each([
    ['rightmove', 'rightmove'],
    ['Rightmove', 'rightmove'],
    [' zoopla ', 'zoopla'],
    ['facebook-ads', 'facebook-ads'],
    ['a', 'a'],
    ['x'.repeat(30), 'x'.repeat(30)],
    ['x'.repeat(31), null],
    ['-leading', null],
    ['trailing-', null],
    ['two words', null],
    ['<script>', null],
    ['', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    expect(readChatSource(value)).toBe(expected);
  });
});
