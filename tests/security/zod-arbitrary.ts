import fc from 'fast-check';
import type { z } from 'zod';
import { hostileString } from './bad-input.ts';

/**
 * A fast-check arbitrary for the values a zod schema describes, read from the schema itself (zod
 * 4's `_zod.def`): the request schemas in src/shared/schemas become requests that look right
 * (lengths, formats, enums, ranges, nesting, optional keys), so that fuzzing reaches the use cases
 * behind validation instead of stopping at it. Refinements (`superRefine`) cannot be generated
 * from; values that break them are refused with 400, which the fuzzing checks as well.
 */

type Def = { type: string } & Record<string, unknown>;
type Check = { check: string } & Record<string, unknown>;

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): Check[] =>
  ((def.checks as { _zod: { def: Check } }[] | undefined) ?? []).map((check) => check._zod.def);

export type ZodArbitraryOptions = {
  /** Strings that mean something to the app (ids of real records), mixed into every string. */
  known?: readonly string[];
  /** The longest string or array generated, whatever the schema allows (default 300 and 8). */
  maxString?: number;
  maxArray?: number;
};

/** The longest string generated: a schema's limit is tried at its edge as well (see `edge`). */
const DEFAULT_MAX_STRING = 300;
const DEFAULT_MAX_ARRAY = 8;

export function zodArbitrary(schema: z.ZodType, options: ZodArbitraryOptions = {}): fc.Arbitrary<unknown> {
  return build(schema, { maxString: DEFAULT_MAX_STRING, maxArray: DEFAULT_MAX_ARRAY, ...options });
}

/** Whether an object key may be left out: optional, or filled in by a default. */
function isOptional(schema: unknown): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault' || type === 'catch';
}

type BuildOptions = Required<Omit<ZodArbitraryOptions, 'known'>> & ZodArbitraryOptions;

function build(schema: unknown, options: BuildOptions): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (next: unknown): fc.Arbitrary<unknown> => build(next, options);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, options);
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return numberArbitrary({ ...def, checks: def.checks });
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt();
    case 'date':
      return fc.date({ noInvalidDate: true });
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType);
    case 'pipe':
      // What the request carries is the pipe's input; a bare transform accepts anything.
      return defOf(def.in).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'lazy':
      return inner((def.getter as () => unknown)());
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map(inner));
    case 'intersection':
      return fc
        .tuple(inner(def.left), inner(def.right))
        .map(([left, right]) =>
          left && right && typeof left === 'object' && typeof right === 'object'
            ? { ...left, ...right }
            : left,
        );
    case 'array': {
      const { minimum, maximum } = lengthBounds(def);
      return fc.array(inner(def.element), {
        minLength: minimum,
        maxLength: Math.max(minimum, Math.min(maximum, options.maxArray)),
      });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map(inner));
    case 'record':
      return fc.dictionary(
        inner(def.keyType).map((key: unknown) => String(key)),
        inner(def.valueType),
        { maxKeys: 4 },
      );
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const model: Record<string, fc.Arbitrary<unknown>> = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, inner(value)]),
      );
      const requiredKeys = Object.keys(shape).filter((key) => !isOptional(shape[key]));
      return fc.record(model, { requiredKeys: requiredKeys as never[] });
    }
    default:
      // any, unknown, custom, transform: whatever JSON can carry.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function lengthBounds(def: Def): { minimum: number; maximum: number } {
  let minimum = 0;
  let maximum = Number.POSITIVE_INFINITY;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minimum = Math.max(minimum, check.minimum as number);
    if (check.check === 'max_length') maximum = Math.min(maximum, check.maximum as number);
    if (check.check === 'length_equals') {
      minimum = check.length as number;
      maximum = check.length as number;
    }
  }
  return { minimum, maximum };
}

function stringArbitrary(
  def: Def,
  options: ZodArbitraryOptions & { maxString: number },
): fc.Arbitrary<string> {
  const { minimum, maximum } = lengthBounds(def);
  const fits = (text: string) => text.length >= minimum && text.length <= maximum;
  const formatted = formatArbitrary(def);
  const pattern = checksOf(def).find((check) => check.format === 'regex')?.pattern as RegExp | undefined;
  if (formatted) return formatted.filter(fits);
  if (pattern) return fc.stringMatching(pattern).filter(fits);
  const longest = Math.max(minimum, Math.min(maximum, options.maxString));
  const plain = fc.string({ minLength: minimum, maxLength: longest, unit: 'grapheme' });
  const choices: fc.WeightedArbitrary<string>[] = [
    { arbitrary: plain, weight: 5 },
    { arbitrary: hostileString.filter(fits), weight: 2 },
    // Both edges of the length the schema allows.
    { arbitrary: fc.constantFrom(...edges(minimum, maximum)), weight: 1 },
  ];
  const known = options.known?.filter(fits) ?? [];
  if (known.length > 0) choices.push({ arbitrary: fc.constantFrom(...known), weight: 3 });
  return fc.oneof(...choices);
}

function edges(minimum: number, maximum: number): string[] {
  const values = [' '.repeat(minimum), 'x'.repeat(Math.max(minimum, 1))];
  if (Number.isFinite(maximum) && maximum <= 100_000) values.push('y'.repeat(maximum));
  return values.filter((text) => text.length >= minimum && text.length <= maximum);
}

function formatArbitrary(def: Def): fc.Arbitrary<string> | undefined {
  switch (def.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'url':
      return fc.webUrl({ withQueryParameters: true });
    case 'date':
      return isoDate.map((date) => date.toISOString().slice(0, 10));
    case 'datetime':
      return isoDate.map((date) => date.toISOString());
    case 'time':
      return fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([hours, minutes]) => `${pad(hours)}:${pad(minutes)}`);
    default:
      return undefined;
  }
}

const isoDate = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true });
const pad = (value: number) => String(value).padStart(2, '0');

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let minimum = -Number.MAX_VALUE;
  let maximum = Number.MAX_VALUE;
  let exclusiveMin = false;
  let exclusiveMax = false;
  let isInteger = def.type === 'int';
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') {
      minimum = check.value as number;
      exclusiveMin = check.inclusive !== true;
    }
    if (check.check === 'less_than') {
      maximum = check.value as number;
      exclusiveMax = check.inclusive !== true;
    }
    if (check.check === 'number_format' && String(check.format).match(/int/)) isInteger = true;
  }
  if (isInteger) {
    const min = Math.max(
      Number.MIN_SAFE_INTEGER,
      Math.ceil(minimum) + (exclusiveMin && Number.isInteger(minimum) ? 1 : 0),
    );
    const max = Math.min(
      Number.MAX_SAFE_INTEGER,
      Math.floor(maximum) - (exclusiveMax && Number.isInteger(maximum) ? 1 : 0),
    );
    return fc.oneof(
      { arbitrary: fc.integer({ min, max }), weight: 4 },
      { arbitrary: fc.constantFrom(min, max), weight: 1 },
    );
  }
  return fc.double({
    min: minimum,
    max: maximum,
    minExcluded: exclusiveMin,
    maxExcluded: exclusiveMax,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** A generated object as a query string's values: numbers and booleans as text, lists joined. */
export function asQuery(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => [
        key,
        Array.isArray(item) ? item.join(',') : item instanceof Date ? item.toISOString() : String(item),
      ]),
  );
}
