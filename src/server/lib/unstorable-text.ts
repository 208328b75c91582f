/**
 * PostgreSQL cannot store a NUL character in text or jsonb (the query fails, which would be a
 * 500), and a lone UTF-16 surrogate is not text at all (the driver would quietly store U+FFFD in
 * its place). No keyboard types either, so a request that carries one is refused as a whole.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for.
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Contains characters that are not allowed (NUL or broken Unicode)';

/** The dotted path ("body.propertyName") of the first string or key that cannot be stored, if any. */
export function findUnstorableText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable.test(value) ? path || '_' : undefined;
  // Deeper than any request schema goes: validation refuses it without storing anything.
  if (value === null || typeof value !== 'object' || depth > 32 || value instanceof Uint8Array)
    return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (unstorable.test(key)) return itemPath;
    const found = findUnstorableText(item, itemPath, depth + 1);
    if (found) return found;
  }
  return undefined;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this removes.
const nul = /\u0000/g;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The same value with every string made storable: NUL removed, a lone surrogate replaced by
 * U+FFFD. For text that comes from outside and must be kept rather than refused (an email an
 * inbound mail service hands over: refusing it would only make the service try again).
 */
export function toStorable<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replace(nul, '').replace(loneSurrogate, '\uFFFD') as T;
  if (Array.isArray(value)) return value.map((item) => toStorable(item, depth + 1)) as T;
  if (value === null || typeof value !== 'object' || depth > 32 || value instanceof Uint8Array) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [toStorable(key), toStorable(item, depth + 1)]),
  ) as T;
}
