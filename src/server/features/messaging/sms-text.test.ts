import { describe, expect, it } from 'vitest';
import { composeSms, pickNumberedOption, smsSegments } from './sms-text.ts';

describe('SMS replies', () => {
  it('numbers the options and asks for the number', () => {
    const text = composeSms('Which time suits you?', ['Sat 7 Mar, 10:30', 'Mon 9 Mar, 17:00', 'Other times']);
    expect(text).toBe(
      'Which time suits you?\n\n1) Sat 7 Mar, 10:30\n2) Mon 9 Mar, 17:00\n3) Other times\nReply 1, 2 or 3',
    );
  });

  it('"2" picks the second option, words do not', () => {
    const options = ['Sat 7 Mar, 10:30', 'Mon 9 Mar, 17:00', 'Other times'];
    expect(pickNumberedOption('2', options)).toBe('Mon 9 Mar, 17:00');
    expect(pickNumberedOption(' 3) ', options)).toBe('Other times');
    expect(pickNumberedOption('4', options)).toBeNull();
    expect(pickNumberedOption('2 of us', options)).toBeNull();
  });

  it('keeps a long reply within three segments, the options whole', () => {
    const long = `${'The flat has a bright living room and a modern kitchen. '.repeat(12)}Would you like to book?`;
    expect(smsSegments(long)).toBeGreaterThan(3);
    const text = composeSms(long, ['Yes', 'No']);
    expect(smsSegments(text)).toBeLessThanOrEqual(3);
    expect(text).toMatch(
      /^The flat has a bright living room[\s\S]*Would you like to book\?\n\n1\) Yes\n2\) No\nReply 1 or 2$/,
    );
  });

  it('sends curly quotes as plain ones so a segment holds 160 characters', () => {
    const text = composeSms('We’ll be in touch – thanks…', []);
    expect(text).toBe("We'll be in touch - thanks...");
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('é'.repeat(161))).toBe(2);
    expect(smsSegments('😀'.repeat(40))).toBe(2);
  });
});
