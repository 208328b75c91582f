import { describe } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { readChatSource } from './chat-source.ts';

describe('readChatSource', () => {
  testReturns('%j → %j', readChatSource, [
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
  ]);
});
