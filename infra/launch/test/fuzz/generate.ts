import type { Field, Fixtures, QueryParam, RecordKind, RouteSpec } from './catalogue.js';
import { deepArray, deepObject, raw, seededRandom, toJson, withKey } from './json.js';

/** One generated request, exactly as it goes on the wire. */
export interface FuzzRequest {
  /** Position in the run: with the seed, enough to replay it. */
  n: number;
  route: RouteSpec;
  /** What was made malformed, e.g. `body.items[0].quantity = 2^31`. */
  variant: string;
  method: string;
  /** Sent as written: no normalisation, no re-encoding. */
  path: string;
  contentType?: string;
  body?: Buffer;
}

const OMIT = Symbol('omit');
interface Bad {
  label: string;
  value: unknown;
}

const KB = 1024;
const HUGE_OVER_LIMIT = 1_200 * KB;
/** More than inputGuard's longest text (MAX_STRING_LENGTH = 100,000). */
const OVER_GUARD = 100_001;

/** Values no field may hold: NUL, unpaired surrogates (written as raw JSON escapes), nesting, prototype keys. */
function poisonedTexts(base: string): Bad[] {
  return [
    { label: 'NUL inside', value: raw(JSON.stringify(`${base.slice(0, 1)}\u0000${base.slice(1)}`)) },
    { label: 'only NUL', value: raw('"\\u0000"') },
    { label: 'lone high surrogate', value: raw('"\\ud800"') },
    { label: 'lone low surrogate after text', value: raw(`${JSON.stringify(base).slice(0, -1)}\\udc00"`) },
    { label: 'two high surrogates', value: raw('"\\udbff\\ud800x"') },
    { label: 'truncated emoji', value: raw(`${JSON.stringify(base).slice(0, -1)}\\ud83d"`) },
  ];
}

const guardOnly = (): Bad[] => [
  ...poisonedTexts('value'),
  { label: '5,000-deep array', value: deepArray(5000) },
  { label: '5,000-deep object', value: deepObject(5000) },
  { label: '33-deep array', value: deepArray(33) },
  { label: '__proto__ object', value: withKey({}, '__proto__', { isAdmin: true }) },
  { label: 'constructor.prototype', value: { constructor: { prototype: { isAdmin: true } } } },
  { label: `text of ${OVER_GUARD} characters`, value: 'x'.repeat(OVER_GUARD) },
];

const WRONG_TYPES: Bad[] = [
  { label: 'number', value: 42 },
  { label: 'boolean', value: true },
  { label: 'empty array', value: [] },
  { label: 'array of text', value: ['a'] },
  { label: 'empty object', value: {} },
  { label: 'object', value: { a: 'b' } },
];

function invalidText(field: { max: number; required?: boolean; nullable?: boolean; numbersToo?: boolean }, example: string): Bad[] {
  const bad: Bad[] = WRONG_TYPES.filter((b) => !field.numbersToo || typeof b.value !== 'number');
  if (!field.nullable) bad.push({ label: 'null', value: null });
  if (field.required) bad.push({ label: 'absent', value: OMIT }, { label: 'empty', value: '' }, { label: 'blank', value: '   ' });
  bad.push({ label: `${field.max + 1} characters`, value: 'x'.repeat(field.max + 1) });
  if (field.max < 10 * KB) bad.push({ label: '10 kB', value: 'y'.repeat(10 * KB) });
  bad.push({ label: `${OVER_GUARD} characters`, value: 'z'.repeat(OVER_GUARD) });
  bad.push({ label: '1.2 MB (over the body limit)', value: 'w'.repeat(HUGE_OVER_LIMIT) });
  bad.push(...poisonedTexts(example || 'text'));
  return bad;
}

function invalidEmail(field: { required?: boolean; nullable?: boolean }): Bad[] {
  const bad: Bad[] = [...WRONG_TYPES];
  if (!field.nullable) bad.push({ label: 'null', value: null });
  if (field.required) bad.push({ label: 'absent', value: OMIT }, { label: 'empty', value: '' });
  for (const text of ['not-an-email', 'a@', '@example.com', 'a b@example.com', 'a@b@example.com', `${'l'.repeat(250)}@example.com`, `a@${'d'.repeat(300)}.com`])
    bad.push({ label: JSON.stringify(text.slice(0, 20)), value: text });
  bad.push({ label: '2 MB address', value: `${'m'.repeat(2 * KB * KB)}@example.com` });
  bad.push(...poisonedTexts('a@example.com'));
  return bad;
}

function invalidEnum(field: { values: readonly string[]; required?: boolean }): Bad[] {
  const first = field.values[0]!;
  const bad: Bad[] = [
    ...WRONG_TYPES,
    { label: 'null', value: null },
    { label: 'unknown value', value: 'bogus' },
    { label: 'upper case', value: first.toUpperCase() },
    { label: 'padded', value: ` ${first}` },
    { label: 'empty', value: '' },
    { label: 'array of a value', value: [first] },
    { label: '10 kB', value: first.repeat(Math.ceil((10 * KB) / first.length)) },
    ...poisonedTexts(first),
  ];
  if (field.required) bad.push({ label: 'absent', value: OMIT });
  return bad;
}

function invalidBoolean(): Bad[] {
  return ['true', 'false', 1, 0, null, 'yes', [], {}, [true]].map((value) => ({ label: JSON.stringify(value), value }));
}

function invalidInt(field: { min: number; max: number; numericText?: boolean; nullable?: boolean; required?: boolean }): Bad[] {
  const bad: Bad[] = [
    { label: '1.5', value: 1.5 },
    { label: '0.5', value: 0.5 },
    { label: '1e-7', value: 1e-7 },
    { label: '1e308', value: 1e308 },
    { label: '-1e308', value: -1e308 },
    { label: '1e309 (Infinity when parsed)', value: raw('1e309') },
    { label: 'text', value: 'abc' },
    { label: 'boolean', value: true },
    { label: 'array', value: [1] },
    { label: 'object', value: { n: 1 } },
  ];
  if (field.min > -1) bad.push({ label: '-1', value: -1 });
  if (field.min > 0) bad.push({ label: '0', value: 0 }, { label: '-0', value: raw('-0') });
  if (field.max < 2 ** 31) bad.push({ label: '2^31', value: 2 ** 31 }, { label: `max + 1 (${field.max + 1})`, value: field.max + 1 });
  bad.push({ label: '2^53 + 1', value: raw('9007199254740993') });
  if (!field.nullable) bad.push({ label: 'null', value: null });
  if (field.required) bad.push({ label: 'absent', value: OMIT });
  if (field.numericText) {
    for (const text of ['1.5', '1e3', '0x10', 'NaN', 'Infinity', '-1', '9007199254740993', '99999999999999999999', '1 2', '١٢'])
      bad.push({ label: `text ${JSON.stringify(text)}`, value: text });
    if (!field.nullable) bad.push({ label: 'empty text', value: '' });
    bad.push(...poisonedTexts('1'));
  } else {
    bad.push({ label: 'number as text', value: '1' });
  }
  return bad;
}

function invalidQuantity(field: { max: number; zeroToo?: boolean; nullable?: boolean }): Bad[] {
  const accepted = new Set([...(field.zeroToo ? ['0', '-0', 'text "0"'] : []), ...(field.nullable ? ['null'] : [])]);
  const bad: Bad[] = [
    { label: '0', value: 0 },
    { label: '-0', value: raw('-0') },
    { label: '-1', value: -1 },
    { label: '-0.5', value: -0.5 },
    { label: '1e-8 (past seven decimals)', value: 1e-8 },
    { label: '0.12345678 (eight decimals)', value: 0.12345678 },
    { label: `max + 1 (${field.max + 1})`, value: field.max + 1 },
    { label: '1e308', value: 1e308 },
    { label: '1e309 (Infinity when parsed)', value: raw('1e309') },
    ...['1.12345678', '1e3', '0x10', 'NaN', 'Infinity', '-1', '0', '99999999999999999999', '1 2', '١٢', ''].map((text) => ({
      label: `text ${JSON.stringify(text)}`,
      value: text,
    })),
    { label: 'null', value: null },
    { label: 'boolean', value: true },
    { label: 'array', value: [1] },
    { label: 'object', value: { n: 1 } },
    ...poisonedTexts('1'),
  ];
  return bad.filter((b) => !accepted.has(b.label));
}

function invalidMoney(field: { min: number; nullable?: boolean }): Bad[] {
  const bad: Bad[] = [
    { label: 'below min', value: field.min - 0.01 },
    { label: '-1', value: -1 },
    { label: '1e13 (amount overflows)', value: 1e13 },
    { label: '1e308', value: 1e308 },
    { label: '-1e308', value: -1e308 },
    { label: '1e309 (Infinity when parsed)', value: raw('1e309') },
    { label: 'text 1e20', value: '99999999999999999999' },
    { label: 'text exponent', value: '1e3' },
    { label: 'text with comma', value: '1,000' },
    { label: 'text', value: 'abc' },
    { label: 'empty text', value: '' },
    { label: 'negative text', value: '-0.5' },
    { label: 'null', value: null },
    { label: 'boolean', value: true },
    { label: 'array', value: [1] },
    { label: 'object', value: {} },
    ...poisonedTexts('1.00'),
  ];
  return field.nullable ? bad.filter((b) => b.label !== 'null') : bad;
}

function invalidDate(): Bad[] {
  return [
    ...['2000-01-01', '2099-02-30', '2099-13-01', '99999-01-01', 'tomorrow', '31/12/2099', '2099-1-1', '0000-00-00'].map((value) => ({ label: value, value })),
    { label: 'number', value: 20991231 },
    { label: 'boolean', value: true },
    { label: 'array', value: ['2099-12-31'] },
    { label: 'object', value: {} },
    { label: '10 kB', value: `2099-12-31${'x'.repeat(10 * KB)}` },
    ...poisonedTexts('2099-12-31'),
  ];
}

function invalidPattern(field: { invalid: readonly string[]; required?: boolean; nullable?: boolean }): Bad[] {
  const bad: Bad[] = [...WRONG_TYPES, ...field.invalid.map((value) => ({ label: JSON.stringify(value.slice(0, 30)), value })), ...poisonedTexts('x')];
  if (!field.nullable) bad.push({ label: 'null', value: null });
  if (field.required) bad.push({ label: 'absent', value: OMIT }, { label: 'empty', value: '' });
  return bad;
}

/** The values `field` must refuse. */
export function invalidValues(field: Field, example: unknown): Bad[] {
  switch (field.type) {
    case 'text':
      return invalidText(field, typeof example === 'string' ? example : '');
    case 'email':
      return invalidEmail(field);
    case 'enum':
      return invalidEnum(field);
    case 'boolean':
      return invalidBoolean();
    case 'int':
      return invalidInt(field);
    case 'quantity':
      return invalidQuantity(field);
    case 'money':
      return invalidMoney(field);
    case 'date':
      return invalidDate();
    case 'pattern':
      return invalidPattern(field);
    case 'ignored':
      return guardOnly();
    case 'list':
      return [
        { label: 'absent', value: OMIT },
        { label: 'empty list', value: [] },
        { label: 'null', value: null },
        { label: 'number', value: 42 },
        { label: 'object', value: {} },
        { label: 'list of numbers', value: [1] },
        { label: 'list of null', value: [null] },
        { label: 'list of lists', value: [[]] },
        { label: 'text that is not JSON', value: 'not json' },
        { label: 'JSON text of an empty list', value: '[]' },
        { label: 'JSON text cut short', value: '[{"quantity":1' },
        { label: 'JSON text of an object', value: '{}' },
        { label: 'JSON text of 5,000 nested lists', value: `${'['.repeat(5000)}${']'.repeat(5000)}` },
        { label: 'JSON text of a 5,000-deep line', value: `[${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}]` },
        { label: '5,000-deep list', value: deepArray(5000) },
        ...poisonedTexts('[]'),
      ];
  }
}

function exampleOf(field: Field, fixtures: Fixtures): unknown {
  return typeof field.example === 'function' ? (field.example as (f: Fixtures) => unknown)(fixtures) : field.example;
}

/** A valid body for the route, from the examples. */
export function validBody(route: RouteSpec, fixtures: Fixtures): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(route.body ?? {})) {
    const value = exampleOf(field, fixtures);
    body[name] = field.type === 'list' && field.jsonText ? JSON.stringify(value) : value;
  }
  return body;
}

const set = (object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> => {
  if (value === OMIT) {
    const copy = { ...object };
    delete copy[key];
    return copy;
  }
  return withKey(object, key, value);
};

interface BodyVariant {
  variant: string;
  body: unknown;
}

/** Per field, each value it must refuse, with every other field valid. */
function fieldVariants(route: RouteSpec, fixtures: Fixtures): BodyVariant[] {
  const base = validBody(route, fixtures);
  const variants: BodyVariant[] = [];
  for (const [name, field] of Object.entries(route.body ?? {})) {
    const example = exampleOf(field, fixtures);
    for (const bad of invalidValues(field, example)) variants.push({ variant: `body.${name} = ${bad.label}`, body: set(base, name, bad.value) });
    if (field.type !== 'list') continue;
    const lines = example as Record<string, unknown>[];
    for (const [lineField, spec] of Object.entries(field.of)) {
      for (const bad of invalidValues(spec, lines[0]?.[lineField] ?? exampleOf(spec, fixtures))) {
        const badLines = [set(lines[0] ?? {}, lineField, bad.value), ...lines.slice(1)];
        variants.push({ variant: `body.${name}[0].${lineField} = ${bad.label}`, body: set(base, name, badLines) });
        // As the form sends it: the list as JSON text, which inputGuard does not look inside.
        if (field.jsonText)
          variants.push({ variant: `body.${name} (JSON text)[0].${lineField} = ${bad.label}`, body: set(base, name, raw(JSON.stringify(toJson(badLines)))) });
      }
    }
    if (field.jsonText) {
      const poisoned = [withKey({ ...lines[0], quantity: 0 }, '__proto__', { isAdmin: true }), ...lines.slice(1)];
      variants.push({ variant: `body.${name} (JSON text)[0] with __proto__ and quantity 0`, body: set(base, name, raw(JSON.stringify(toJson(poisoned)))) });
    }
  }
  return variants;
}

/** A body the route must refuse whatever else it holds: the first field's first invalid value. */
function poisonedBase(route: RouteSpec, fixtures: Fixtures): { body: Record<string, unknown>; label: string } {
  const base = validBody(route, fixtures);
  const fields = Object.entries(route.body ?? {});
  const [name, field] = fields.find(([, f]) => f.type !== 'ignored') ?? fields[0]!;
  const bad = invalidValues(field, exampleOf(field, fixtures)).find((b) => b.value !== OMIT)!;
  return { body: set(base, name, bad.value), label: `body.${name} = ${bad.label}` };
}

/** Unknown keys (harmless, so sent beside an invalid field) and prototype keys (refused alone). */
function keyVariants(route: RouteSpec, fixtures: Fixtures): BodyVariant[] {
  const base = validBody(route, fixtures);
  const poisoned = poisonedBase(route, fixtures);
  const manyKeys = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]));
  const benign: [string, Record<string, unknown>][] = [
    ['unknown key', { extra: 1 }],
    ['toString key', { toString: 'x' }],
    ['hasOwnProperty key', { hasOwnProperty: 1 }],
    ['valueOf key', { valueOf: {} }],
    ['2,000 unknown keys', manyKeys],
    ['10 kB key', { ['k'.repeat(10 * KB)]: 1 }],
    ['empty key', { '': 1 }],
  ];
  const refused: [string, unknown][] = [
    ['__proto__', { isAdmin: true }],
    ['constructor', { prototype: { isAdmin: true } }],
    ['prototype', { isAdmin: true }],
  ];
  return [
    ...benign.map(([label, extra]) => ({ variant: `${label} + ${poisoned.label}`, body: { ...poisoned.body, ...extra } })),
    ...refused.map(([key, value]) => ({ variant: `${key} key`, body: withKey(base, key, value) })),
    { variant: 'nested __proto__ key', body: { ...base, nested: withKey({}, '__proto__', { polluted: true }) } },
    { variant: 'NUL in a key', body: withKey(base, 'a\u0000b', 1) },
    { variant: 'lone surrogate key', body: raw(`{"\\ud800":1,${toJson(base).slice(1)}`) },
  ];
}

/** Bodies refused before any field is read: not JSON, too deep, too big, prototype keys. */
function wholeBodyVariants(route: RouteSpec, fixtures: Fixtures): { variant: string; body: Buffer | string; contentType?: string }[] {
  const base = toJson(validBody(route, fixtures));
  const variants: { variant: string; body: Buffer | string; contentType?: string }[] = [
    { variant: 'malformed JSON', body: '{"a":' },
    { variant: 'trailing garbage', body: `${base}x` },
    { variant: 'single quotes', body: "{'a':1}" },
    { variant: '5,000-deep array body', body: toJson(deepArray(5000)) },
    { variant: '5,000-deep object body', body: toJson(deepObject(5000)) },
    { variant: '100,000-deep array body', body: toJson(deepArray(100_000)) },
    { variant: '33-deep object body', body: toJson(deepObject(33)) },
    { variant: '2 MB body (over the limit)', body: `{"pad":"${'p'.repeat(2 * KB * KB)}"}` },
    { variant: '1.1 MB body (over the limit)', body: `{"pad":"${'p'.repeat(1_100 * KB)}"}` },
    { variant: 'NUL in raw JSON text', body: Buffer.from(`{"a":"x\u0000y"}`) },
    { variant: '__proto__ body', body: '{"__proto__":{"isAdmin":true}}' },
    { variant: 'lone surrogate in body', body: '{"a":"\\ud800"}' },
  ];
  if (route.body && Object.values(route.body).some((f) => ('required' in f && f.required) || f.type === 'list')) {
    variants.push(
      { variant: 'body not an object: array', body: '[]' },
      { variant: 'body not an object: string', body: '"x"' },
      { variant: 'body not an object: number', body: '1e309' },
      { variant: 'body null', body: 'null' },
      { variant: 'empty body', body: '' },
      { variant: 'invalid UTF-8', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]) },
      { variant: 'JSON sent as text/plain', body: base, contentType: 'text/plain' },
    );
  }
  return variants;
}

/** Path parameter values that name no record: the answer is 400 or 404, never 5xx. */
function badIds(kind: RecordKind, real: string): string[] {
  const ids = [
    'abc',
    '-1',
    '0',
    '000',
    '1.5',
    `${real}.0`,
    '1e3',
    `+${real}`,
    `-${real}`,
    `${real}abc`,
    '0x1F',
    '2147483648',
    '9007199254740993',
    '99999999999999999999',
    '9'.repeat(400),
    '%00',
    `${real}%00`,
    `${real}%2F..`,
    '%2e%2e',
    '..',
    '.',
    `${real}%5C`,
    '%zz',
    '%',
    `${real}%20`,
    '%20',
    '%E2%80%AE',
    '%ED%A0%80',
    '%EF%BC%91',
    'null',
    'undefined',
    '%5B%5D',
    '%7B%7D',
    `${real}%3B`,
    '1'.repeat(16),
    'x'.repeat(5000),
  ];
  if (kind === 'attachment') ids.push('0190c8a4-7a55-7cc4-9a1e-7f4c2b9d0e11', '0190C8A4-7A55-7CC4-9A1E-7F4C2B9D0E1', '..%2Fsecrets.json');
  return ids;
}

/** Paths the gateway must refuse whatever the route (dot segments, encoded separators, NUL). */
function badSuffixes(path: string): string[] {
  return [`${path}%00`, `${path}/%2e%2e`, `${path}%2F`, `${path}\\`, `${path}/..`, `${path}/.`, path.replace('/api/', '/api//'), `${path}%5c`, `${path}/%00`];
}

function queryValues(param: QueryParam, mutates: boolean): string[] {
  const always = ['%00', `x%00`, '%ED%A0%80'];
  switch (param.type) {
    case 'enum':
      return [...always, 'bogus', param.values[0]!.toUpperCase(), '', `${param.values[0]}%00`, `%20${param.values[0]}`, 'x'.repeat(8 * KB)];
    case 'int':
      return [
        ...always,
        '-1',
        '0',
        '1.5',
        '-0',
        '1e308',
        '2147483648',
        '9007199254740993',
        '99999999999999999999',
        'abc',
        'NaN',
        'Infinity',
        '0x10',
        '',
        '%2B1',
        `${param.max}0`,
        ...(mutates ? [] : ['9'.repeat(5000)]),
      ];
    case 'text':
      return [...always, '%25', '%5C', '%27%3B--', '%', '%zz', 'x'.repeat(param.max + 1), ...(mutates ? [] : ['y'.repeat(8 * KB)])];
  }
}

/** Query strings: each declared parameter malformed, repeated parameters, NUL and prototype keys. */
function queryVariants(route: RouteSpec): { variant: string; query: string }[] {
  const variants: { variant: string; query: string }[] = [];
  for (const [name, param] of Object.entries(route.query ?? {})) {
    for (const value of queryValues(param, route.mutates)) {
      variants.push({ variant: `?${name}=${value.slice(0, 30)}`, query: `${name}=${value}` });
    }
    const first = param.type === 'enum' ? param.values[0]! : '1';
    variants.push({ variant: `?${name} repeated`, query: `${name}=${first}&${name}=${first}` });
    // `name[]` is another (unknown) parameter: a GET ignores it, and so may a route that changes state.
    if (!route.mutates) variants.push({ variant: `?${name}[]`, query: `${name}[]=${first}` });
  }
  variants.push(
    { variant: 'NUL query key', query: 'a%00b=1' },
    { variant: 'NUL query value', query: 'a=%00' },
    { variant: '__proto__ query key', query: '__proto__=1' },
    { variant: 'constructor query key', query: 'constructor=1' },
  );
  if (!route.mutates) {
    variants.push(
      { variant: 'unknown query parameter', query: 'unknown=1' },
      { variant: '1,000 query parameters', query: Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&') },
      { variant: 'malformed escape', query: 'a=%zz&b=%' },
      { variant: 'encoded lone surrogate', query: 'a=%ED%A0%80' },
    );
  }
  return variants;
}

function multipart(parts: { name: string; fileName?: string; type?: string; content: Buffer | string }[], boundary = 'fuzzboundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? '' : `; filename="${part.fileName}"`}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Uploads the approve dialog's endpoint must refuse: not a file it accepts, a bad field, a broken form. */
function uploadVariants(): { variant: string; body: Buffer | string; contentType?: string }[] {
  const form = 'multipart/form-data; boundary=fuzzboundary';
  return [
    { variant: 'JSON instead of a form', body: '{"file":"x"}', contentType: 'application/json' },
    { variant: 'empty form', body: multipart([]), contentType: form },
    { variant: 'text file', body: multipart([{ name: 'file', fileName: 'a.txt', type: 'text/plain', content: 'hello' }]), contentType: form },
    {
      variant: 'HTML named .png',
      body: multipart([{ name: 'file', fileName: 'a.png', type: 'image/png', content: '<script>alert(1)</script>' }]),
      contentType: form,
    },
    {
      variant: 'SVG',
      body: multipart([{ name: 'file', fileName: 'a.svg', type: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' }]),
      contentType: form,
    },
    {
      variant: 'PNG with pullTicketId of 65 characters',
      body: multipart([
        { name: 'pullTicketId', content: '1'.repeat(65) },
        { name: 'file', fileName: 'a.png', type: 'image/png', content: PNG },
      ]),
      contentType: form,
    },
    {
      variant: 'PNG with NUL pullTicketId',
      body: multipart([
        { name: 'file', fileName: 'a.png', type: 'image/png', content: PNG },
        { name: 'pullTicketId', content: 'a\u0000b' },
      ]),
      contentType: form,
    },
    {
      variant: 'form without the closing boundary',
      body: multipart([{ name: 'file', fileName: 'a.png', type: 'image/png', content: PNG }]).subarray(0, -20),
      contentType: form,
    },
    { variant: 'form without a boundary', body: 'x', contentType: 'multipart/form-data' },
    { variant: 'empty file', body: multipart([{ name: 'file', fileName: 'a.png', type: 'image/png', content: '' }]), contentType: form },
    {
      variant: 'two files, second not an image',
      body: multipart([
        { name: 'file', fileName: 'a.txt', content: 'x' },
        { name: 'file', fileName: 'b.txt', content: 'y' },
      ]),
      contentType: form,
    },
    {
      variant: 'file over 10 MiB',
      body: multipart([{ name: 'file', fileName: 'a.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(10 * KB * KB + 1)]) }]),
      contentType: form,
    },
  ];
}

function recordIds(fixtures: Fixtures, attachmentId: string): Record<RecordKind, string> {
  return {
    salesOrder: String(fixtures.salesOrder.id),
    purchaseOrder: String(fixtures.purchaseOrder.id),
    bulkPurchaseOrder: String(fixtures.program.purchaseOrderId),
    receipt: String(fixtures.receipt.receiptId),
    vendor: encodeURIComponent(fixtures.vendor.name),
    customer: String(fixtures.customer.id),
    item: encodeURIComponent(fixtures.receipt.itemId),
    alert: `reorder.${fixtures.customer.id}.${fixtures.receipt.itemId}`,
    pullTicket: String(fixtures.pullTicket.id),
    attachment: attachmentId,
    member: fixtures.member.id,
    invitation: fixtures.invitation.id,
    invitationToken: fixtures.invitation.token,
  };
}

/**
 * Every route, called validly, but with a request target that names `host`: the absolute form
 * (`http://host/…`, `https://host/…`) and the network-path form (`//host/…`). A gateway that read
 * the host from the target would forward the call, and a member's token, there.
 */
export function foreignHostRequests(routes: RouteSpec[], fixtures: Fixtures, options: { host: string; attachmentId: string }): FuzzRequest[] {
  const ids = recordIds(fixtures, options.attachmentId);
  return routes.flatMap((route) => {
    const path = pathFor(route, ids);
    const body = route.body ? Buffer.from(toJson(validBody(route, fixtures))) : undefined;
    return [`http://${options.host}`, `https://${options.host}`, `//${options.host}`].map((prefix) => ({
      route,
      n: 0,
      variant: `target ${prefix}…`,
      method: route.method,
      path: `${prefix}${path}`,
      body,
      contentType: body ? 'application/json' : undefined,
    }));
  });
}

function pathFor(route: RouteSpec, ids: Record<RecordKind, string>, override?: string): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => override ?? ids[route.params![name]!]);
}

/**
 * Every malformed request for the catalogue, in a fixed order, then seeded random
 * combinations until `total` is reached. The same seed and fixtures give the same requests.
 */
export function generateRequests(routes: RouteSpec[], fixtures: Fixtures, options: { seed: number; total: number; attachmentId: string }): FuzzRequest[] {
  const ids = recordIds(fixtures, options.attachmentId);
  const requests: Omit<FuzzRequest, 'n'>[] = [];
  const push = (route: RouteSpec, variant: string, path: string, body?: Buffer | string | unknown, contentType?: string) => {
    let buffer: Buffer | undefined;
    if (body !== undefined) buffer = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : toJson(body));
    requests.push({ route, variant, method: route.method, path, body: buffer, contentType: buffer ? (contentType ?? 'application/json') : undefined });
  };
  const jsonBodyRoute = (route: RouteSpec) => route.method !== 'GET' && route.method !== 'DELETE';

  for (const route of routes) {
    const path = pathFor(route, ids);
    const base = route.body ? validBody(route, fixtures) : undefined;
    // Path parameters that name no record, each with an otherwise valid request.
    for (const [name, kind] of Object.entries(route.params ?? {})) {
      for (const id of badIds(kind, ids[kind])) push(route, `:${name} = ${id.slice(0, 30)}`, pathFor(route, ids, id), base);
    }
    for (const bad of badSuffixes(path)) push(route, `path ${bad.slice(route.path.length > 40 ? 30 : 0)}`, bad, base);
    for (const { variant, query } of queryVariants(route)) push(route, variant, `${path}?${query}`, base);
    if (route.upload) {
      for (const { variant, body, contentType } of uploadVariants()) push(route, variant, path, body, contentType);
      continue;
    }
    if (!jsonBodyRoute(route)) continue;
    if (route.body) {
      for (const { variant, body } of fieldVariants(route, fixtures)) push(route, variant, path, body);
      for (const { variant, body } of keyVariants(route, fixtures)) push(route, variant, path, body);
    } else {
      // A route that reads no body still parses one: only what the parser and inputGuard refuse is sent.
      for (const bad of guardOnly()) push(route, `body.any = ${bad.label}`, path, { any: bad.value });
    }
    for (const { variant, body, contentType } of wholeBodyVariants(route, fixtures)) {
      if (!route.body && (variant.startsWith('body not') || variant === 'body null' || variant === 'empty body')) continue;
      push(route, variant, path, body, contentType);
    }
  }

  // Seeded combinations: a random field of a random route made invalid, with random extra keys and a random string mutation.
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const withBodies = routes.filter((route) => route.body && jsonBodyRoute(route));
  const withParams = routes.filter((route) => route.params);
  while (requests.length < options.total) {
    const roll = random();
    if (roll < 0.7) {
      const route = pick(withBodies);
      const [name, field] = pick(Object.entries(route.body!));
      const bads = invalidValues(field, exampleOf(field, fixtures)).filter((b) => !(typeof b.value === 'string' && b.value.length > 50 * KB));
      const bad = pick(bads);
      let body = set(validBody(route, fixtures), name, bad.value);
      const extras = Math.floor(random() * 3);
      for (let i = 0; i < extras; i++) body = withKey(body, `x${Math.floor(random() * 1e6)}`, pick([1, 'a', null, [], {}, -0.5, 'é😀']));
      push(route, `random #${requests.length}: body.${name} = ${bad.label} + ${extras} extra keys`, pathFor(route, ids), body);
    } else if (roll < 0.9) {
      const route = pick(withParams);
      const [name, kind] = pick(Object.entries(route.params!));
      const real = ids[kind];
      const mutations = [
        `${real}${Math.floor(random() * 10)}%00`,
        `${Math.floor(random() * 2 ** 31) + 2 ** 31}`,
        `${real}.${Math.floor(random() * 10)}`,
        `-${Math.floor(random() * 1e6) + 1}`,
        `${'9'.repeat(16 + Math.floor(random() * 50))}`,
        `${real}%${(0x41 + Math.floor(random() * 26)).toString(16)}`,
      ];
      const id = pick(mutations);
      push(route, `random #${requests.length}: :${name} = ${id.slice(0, 30)}`, pathFor(route, ids, id), route.body ? validBody(route, fixtures) : undefined);
    } else {
      const route = pick(routes.filter((r) => r.query));
      const [name, param] = pick(Object.entries(route.query!));
      const value = pick(queryValues(param, route.mutates));
      if (route.mutates && param.type === 'enum' && param.values.includes(value)) continue;
      push(
        route,
        `random #${requests.length}: ?${name}=${value.slice(0, 30)}`,
        `${pathFor(route, ids)}?${name}=${value}`,
        route.body ? validBody(route, fixtures) : undefined,
      );
    }
  }
  return requests.map((request, n) => ({ ...request, n }));
}
