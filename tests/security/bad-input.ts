import fc from 'fast-check';

/**
 * Generators of what an attacker or a broken client sends: hostile text, wrong types, extreme
 * numbers, malformed JSON and odd encodings. Each is JSON-encodable unless it says otherwise.
 */

/** Text that has broken web apps before: each entry names what it tries. */
export const hostileStrings: readonly string[] = [
  // SQL injection
  "' OR '1'='1",
  "'; DROP TABLE leads; --",
  '1; SELECT pg_sleep(5)--',
  "\\'; select * from users; --",
  // HTML and script
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{constructor.constructor("return process")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, on purpose.
  '${process.env.SESSION_SECRET}',
  // Spreadsheet formulas
  '=HYPERLINK("https://evil.example","click")',
  '+cmd|" /C calc"!A0',
  '@SUM(1+1)*cmd|" /C calc"!A0',
  // Path traversal
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/dev/mail',
  // Unicode edge cases
  '\u202Eevil\u202C right-to-left override',
  'مرحبا بالعالم',
  'שלום',
  '👨‍👩‍👧‍👦🏳️‍🌈🇬🇧',
  'Zalgo: Z̷̢̛̛͔͉a̸͎̐l̷̡͖̃g̴̣̈o̷̧͝',
  '\u200B\u200C\u200D\uFEFF',
  'NUL \u0000 inside',
  '\u0000',
  'lone high \uD800 surrogate',
  'lone low \uDFFF surrogate',
  '\uFFFE\uFFFF',
  'line\r\nbreak\r\nBcc: victim@example.test',
  'tab\there',
  '\u0007\u001B[31mterminal escape',
  // Sizes
  '',
  ' ',
  'a'.repeat(256),
  'x'.repeat(10_001),
  `${'long '.repeat(20_000)}`,
  // Formats
  '%s%s%s%n',
  '9'.repeat(400),
  'NaN',
  '-1',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];

/** Numbers at and past every limit (JSON-encodable: no NaN or Infinity). */
export const extremeNumbers: readonly number[] = [
  -1,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 64 }) },
  // Hostile text inside otherwise ordinary text.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...hostileStrings), fc.string({ maxLength: 10 }))
      .map(([before, payload, after]) => `${before}${payload}${after}`),
  },
);

export const wrongType = fc.oneof(
  fc.constantFrom(...extremeNumbers),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** Any value where a field's value goes. */
export const badValue = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: wrongType },
);

/** Request bodies that are not JSON, or JSON that no parser should accept. */
export const malformedJsonBodies: readonly string[] = [
  '',
  '{',
  '}',
  '{"a":',
  '{"a" 1}',
  "{'single': 'quotes'}",
  '{"trailing": 1,}',
  '[1, 2',
  'undefined',
  'NaN',
  '\u0000',
  '{"a": "\\ud800"',
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"numberOfBedrooms": 1e400}',
  '\uFEFF{"bom": true}',
];

export const malformedJson = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...malformedJsonBodies) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  // A valid JSON text cut short.
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.json({ maxDepth: 3 }), fc.nat())
      .filter(([text]) => text.length > 1)
      .map(([text, cut]) => text.slice(0, 1 + (cut % (text.length - 1)))),
  },
);

/**
 * What goes into a path segment: the hostile strings percent-encoded, and raw encodings that
 * are not valid UTF-8 or decode to NUL, "/" or "..".
 */
export const badPathSegment = fc.oneof(
  {
    weight: 3,
    arbitrary: hostileString
      .filter((text) => text.length > 0 && text.length < 4000)
      .map((text) => {
        try {
          return encodeURIComponent(text);
        } catch {
          return '%ED%A0%80'; // a lone surrogate, as its (invalid) UTF-8 bytes
        }
      }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '%00',
      '%ED%A0%80',
      '%C0%AE%C0%AE%C0%AF',
      '%FF%FE',
      '%',
      '%zz',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      '..%5c..%5cwindows',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '1 OR 1=1',
      '-1',
      '9'.repeat(300),
    ),
  },
);

/** Content types a route does not read, with a body each. */
export const foreignContentTypes: readonly { type: string; body: string }[] = [
  {
    type: 'text/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  {
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xyz--',
  },
  { type: 'application/octet-stream', body: '\u0000\u0001\u0002' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&a=2&__proto__[x]=1&numberOfBedrooms=-1' },
  { type: 'text/plain', body: 'not json at all' },
  { type: 'application/json; charset=utf-16', body: '{}' },
];
