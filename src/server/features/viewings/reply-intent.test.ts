import { describe } from 'vitest';
import { testReturns } from '#tests/helpers/tables.ts';
import { readViewingReply } from './reply-intent.ts';

describe('readViewingReply', () => {
  testReturns('%j → %s', readViewingReply, [
    ['YES', 'confirm'],
    ['yes see you then', 'confirm'],
    ['Yep', 'confirm'],
    ['yeah 👍', 'confirm'],
    ['👍', 'confirm'],
    ['ok thanks', 'confirm'],
    ["I'll be there", 'confirm'],
    ['Still coming, see you tomorrow!', 'confirm'],
    ['CHANGE', 'change'],
    ["can't make it", 'change'],
    ['I can’t make it sorry', 'change'],
    ['something came up', 'change'],
    ['Something has come up at work', 'change'],
    ['can we do later?', 'change'],
    ['could we make it another day', 'change'],
    ['yes but can we move it to the evening', 'change'],
    ['no', 'change'],
    ['need to cancel', 'cancel'],
    ['please cancel the viewing', 'cancel'],
    ["can't make it, please cancel", 'cancel'],
    ['We found another flat, thanks', 'cancel'],
    ['thanks!', 'thanks'],
    ['cool cheers', 'thanks'],
    ['is there parking?', null],
    ['what floor is it on', null],
    ['', null],
  ]);
});
