import { expect, test } from 'vitest';

// A table test: each row holds the arguments for `fn` and, last, what it must return. Each row is
// a test of its own, titled from `title` with the row's values (`%s`, `%j`, … as in `test.each`).
type Row<Args extends unknown[], Result> = readonly [...Args, Result];

function eachRow<Args extends unknown[], Result>(
  title: string,
  rows: ReadonlyArray<Row<Args, Result>>,
  check: (args: Args, expected: Result) => void,
): void {
  test.each(rows as unknown as unknown[][])(title, (...row: unknown[]) => {
    check(row.slice(0, -1) as Args, row.at(-1) as Result);
  });
}

/** Each row: `fn(...args)` is the row's last value (`toBe`). */
export function testReturns<Args extends unknown[], Result>(
  title: string,
  fn: (...args: Args) => Result,
  rows: ReadonlyArray<Row<Args, Result>>,
): void {
  eachRow(title, rows, (args, expected) => {
    expect(fn(...args)).toBe(expected);
  });
}

/** Each row: `fn(...args)` deeply equals the row's last value (`toEqual`). */
export function testReturnsEqual<Args extends unknown[], Result>(
  title: string,
  fn: (...args: Args) => Result,
  rows: ReadonlyArray<Row<Args, Result>>,
): void {
  eachRow(title, rows, (args, expected) => {
    expect(fn(...args)).toEqual(expected);
  });
}
