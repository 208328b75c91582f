import { expect, test } from 'vitest';
import * as chrono from 'chrono-node';
test('probe', () => {
  const ref = new Date(2026, 1, 10, 12);
  for (const s of ['01/03', '1st March', 'next month', 'in 2 weeks', 'end of March', 'mid April', 'beginning of May', 'this Saturday', 'tomorrow after 5', 'the 15th', 'march', 'in June', 'a fortnight', '1/3/26', 'next Friday', 'start of next month', 'early march', '3rd of april 2026','5pm']) {
    const r = chrono.en.GB.parse(s, ref, { forwardDate: true });
    console.log(s, '=>', r.map((x) => `${x.text} | ${x.start.date().toISOString()} | known:${JSON.stringify((x.start as any).knownValues)}`));
  }
  expect(1).toBe(1);
});
