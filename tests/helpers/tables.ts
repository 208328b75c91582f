import { expect, test } from 'vitest';

// A table test: each row holds the arguments for `fn` and, last, what it must return. Each row is
// a test of its own, titled from `title` with the row's values (`%s`, `%j`, … as in `test.each`).
type Row<Args extends unknown[], Result> = readonly [...Args, Result];

type TableTest = <Args extends unknown[], Result>(
  title: string,
  fn: (...args: Args) => Result,
  rows: ReadonlyArray<Row<Args, Result>>,
) => void;

function tableTest(check: (actual: unknown, expected: unknown) => void): TableTest {
  return (title, fn, rows) => {
    test.each(rows as unknown as unknown[][])(title, (...row: unknown[]) => {
      check(fn(...(row.slice(0, -1) as Parameters<typeof fn>)), row.at(-1));
    });
  };
}

/** Each row: `fn(...args)` is the row's last value (`toBe`). */
export const testReturns = tableTest((actual, expected) => {
  expect(actual).toBe(expected);
});

/** Each row: `fn(...args)` deeply equals the row's last value (`toEqual`). */
export const testReturnsEqual = tableTest((actual, expected) => {
  expect(actual).toEqual(expected);
});

/** Each input (a string or number, not a row): `fn(input)` is null (`toBeNull`). */
export function testReturnsNull<Input extends string | number>(
  title: string,
  fn: (input: Input) => unknown,
  inputs: readonly Input[],
): void {
  test.each(inputs as Input[])(title, (input) => {
    expect(fn(input as Input)).toBeNull();
  });
}
