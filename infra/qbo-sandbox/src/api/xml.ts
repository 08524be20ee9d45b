/*
 * Intuit's XML wire format, derived from the JSON answer: QBO serves both from one schema,
 * so the same object maps one way to the other. Element names are the JSON keys; arrays
 * repeat their element; references are `<CustomerRef name="…">1</CustomerRef>`; a few
 * properties travel as attributes (below). Entities list Id, SyncToken and MetaData first,
 * as Intuit's schema orders them.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const NAMESPACE = 'http://schema.intuit.com/finance/v3';

/** Properties that are XML attributes, by the element that carries them ('*': any element). */
const ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  '*': new Set(['domain', 'sparse']),
  QueryResponse: new Set(['startPosition', 'maxResults', 'totalCount']),
  BatchItemResponse: new Set(['bId']),
  Fault: new Set(['type']),
  Error: new Set(['code', 'element']),
};

const ENTITY_HEAD = ['Id', 'SyncToken', 'MetaData'];
const REF_KEYS = new Set(['value', 'name', 'type']);

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPrimitive(value: Json): value is boolean | number | string {
  return value !== null && typeof value !== 'object';
}

function isAttribute(element: string, key: string, object: JsonObject): boolean {
  if (!isPrimitive(object[key]!)) return false;
  if (ATTRIBUTES['*']!.has(key) || ATTRIBUTES[element]?.has(key)) return true;
  // A deleted entity's marker: `<Customer status="Deleted" domain="QBO">`.
  return key === 'status' && 'domain' in object;
}

function isRef(object: JsonObject): boolean {
  const keys = Object.keys(object);
  return keys.includes('value') && isPrimitive(object.value!) && keys.every((key) => REF_KEYS.has(key));
}

function element(name: string, value: Json): string {
  if (value === null) return '';
  if (Array.isArray(value)) return value.map((item) => element(name, item)).join('');
  if (!isObject(value)) return `<${name}>${escape(String(value))}</${name}>`;
  if (isRef(value)) {
    const attributes = Object.entries(value)
      .filter(([key]) => key !== 'value')
      .map(([key, v]) => ` ${key}="${escape(String(v))}"`)
      .join('');
    return `<${name}${attributes}>${escape(String(value.value))}</${name}>`;
  }
  let attributes = '';
  const children: string[] = [];
  const keys = Object.keys(value).sort((a, b) => rank(a) - rank(b));
  for (const key of keys) {
    if (isAttribute(name, key, value)) attributes += ` ${key}="${escape(String(value[key]))}"`;
    else children.push(element(key, value[key]!));
  }
  const content = children.join('');
  return content ? `<${name}${attributes}>${content}</${name}>` : `<${name}${attributes}/>`;
}

function rank(key: string): number {
  const index = ENTITY_HEAD.indexOf(key);
  return index === -1 ? ENTITY_HEAD.length : index;
}

/** The lower-case `fault` of an authentication failure becomes the usual Fault element. */
function normalise(body: JsonObject): JsonObject {
  const fault = body.fault;
  const list = isObject(fault) ? fault.error : undefined;
  if (!isObject(fault) || !Array.isArray(list)) return body;
  const errors = list.filter(isObject).map((error) => ({ code: error.code ?? '', Message: error.message ?? '', Detail: error.detail ?? '' }));
  const type = fault.type ?? '';
  const { fault: _fault, ...rest } = body;
  return { ...rest, Fault: { type, Error: errors } };
}

/** A v3 JSON answer (`{"Customer":{…},"time":…}`, a QueryResponse, a Fault) as Intuit's XML. */
export function intuitXml(body: unknown): string {
  const root = normalise(body as JsonObject);
  const time = typeof root.time === 'string' ? ` time="${escape(root.time)}"` : '';
  const members = Object.entries(root)
    .filter(([key]) => key !== 'time')
    .map(([key, value]) => element(key, value))
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<IntuitResponse xmlns="${NAMESPACE}"${time}>${members}</IntuitResponse>`;
}
