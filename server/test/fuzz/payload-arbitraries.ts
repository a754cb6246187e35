/**
 * Payloads for one contract entry, derived from its request schema: values
 * that violate it (checked with the schema itself, so every one is really
 * invalid) and plausible but hostile ones (ids of other users, unknown ids,
 * prototype keys) that may pass the schema. The zod schema is read through
 * its JSON Schema (`z.toJSONSchema`, input side), so a new call or field is
 * fuzzed without listing it here.
 */
import fc from 'fast-check';
import { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/** The subset of JSON Schema that z.toJSONSchema writes for our request schemas. */
type Node = {
  type?: string;
  properties?: Record<string, Node>;
  required?: string[];
  additionalProperties?: boolean | Node;
  items?: Node;
  minItems?: number;
  maxItems?: number;
  enum?: Json[];
  const?: Json;
  anyOf?: Node[];
  oneOf?: Node[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** Strings worth trying where an id, code or number is expected: other users' ids, unknown ids, edge cases. */
export type ValuePool = { strings: readonly string[] };

export function jsonSchemaOf(schema: z.ZodType): Node {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Node;
}

/** The prototype keys every level is tried with. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
/** What a prototype key carries: would pollute Object.prototype if merged naively. */
export const POLLUTION = { polluted: 'fuzz', isAdmin: true, toString: 'fuzz' } as const;

/** Sets an own property, even `__proto__` (JSON.parse does the same). */
export function defineOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function clone<T>(value: T): T {
  // JSON.parse keeps `__proto__` as an own key, as the server's parser does
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function stringArb(n: Node, pool: ValuePool): fc.Arbitrary<string> {
  const max = Math.min(n.maxLength ?? 40, 40);
  const min = Math.min(n.minLength ?? 0, max);
  const options: fc.Arbitrary<string>[] = [fc.string({ minLength: min, maxLength: max })];
  if (n.format === 'email') options.push(fc.emailAddress());
  if (n.format === 'uuid') options.push(fc.uuid());
  if (n.format === 'uri' || n.format === 'url') options.push(fc.webUrl());
  if (n.pattern) {
    try {
      const re = new RegExp(n.pattern);
      options.push(fc.stringMatching(re).filter((s) => s.length <= (n.maxLength ?? 4096)));
    } catch {
      // a pattern fast-check cannot generate from: the plain strings above stand in
    }
  }
  if (pool.strings.length) options.push(fc.constantFrom(...pool.strings));
  return fc.oneof(...options);
}

function numberArb(n: Node, integer: boolean): fc.Arbitrary<number> {
  const min = n.minimum ?? (n.exclusiveMinimum !== undefined ? n.exclusiveMinimum + 1 : -1_000_000);
  const max = n.maximum ?? (n.exclusiveMaximum !== undefined ? n.exclusiveMaximum - 1 : 1_000_000);
  const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
  const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  if (integer || lo > hi) return fc.integer({ min: Math.min(lo, hi), max: Math.max(lo, hi) });
  return fc.double({ min: lo, max: hi, noNaN: true });
}

/** A value that mostly satisfies `n` (regex and refinements are best effort; callers that need certainty check the schema). */
export function plausibleArb(n: Node, pool: ValuePool, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  const alternatives = n.anyOf ?? n.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => plausibleArb(a, pool, depth + 1)));
  if (n.const !== undefined) return fc.constant(n.const);
  if (n.enum) return fc.constantFrom(...n.enum);
  switch (n.type) {
    case 'string':
      return stringArb(n, pool);
    case 'integer':
      return numberArb(n, true);
    case 'number':
      return numberArb(n, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(n.items ? plausibleArb(n.items, pool, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: n.minItems ?? 0,
        maxLength: Math.min(n.maxItems ?? 4, 4),
      });
    case 'object': {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(n.properties ?? {})) shape[k] = plausibleArb(v, pool, depth + 1);
      return fc.record(shape, { requiredKeys: (n.required ?? []).filter((k) => k in shape) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values that are certainly not of `n`'s type or range (the caller still checks against the schema). */
function wrongValueArb(n: Node): fc.Arbitrary<unknown> {
  const wrongTypes: fc.Arbitrary<unknown>[] = [
    fc.constantFrom<unknown>(null, true, 0, -1, 1.5, 1e308, '', '0', [], {}, [[]], { $gt: '' }),
    fc.string({ maxLength: 8 }),
    fc.integer(),
  ];
  const out: fc.Arbitrary<unknown>[] = [fc.oneof(...wrongTypes)];
  if (n.type === 'string') {
    if (n.maxLength !== undefined) {
      const max = n.maxLength;
      out.push(fc.integer({ min: max + 1, max: max + 2000 }).map((len) => 'x'.repeat(len)));
    }
    if (n.minLength) out.push(fc.constant('x'.repeat(n.minLength - 1)));
    out.push(fc.string({ unit: 'binary', maxLength: 24 }));
    out.push(fc.constantFrom('\u0000', '\ud800', '😀'.repeat(40), ' '.repeat(300), "' or 1=1 --", '<script>'));
  }
  if (n.type === 'integer' || n.type === 'number') {
    const bounds: number[] = [2 ** 53, -(2 ** 53), 1e21, -1e21, 0.5];
    if (n.minimum !== undefined) bounds.push(n.minimum - 1);
    if (n.maximum !== undefined) bounds.push(n.maximum + 1);
    if (n.exclusiveMinimum !== undefined) bounds.push(n.exclusiveMinimum);
    if (n.exclusiveMaximum !== undefined) bounds.push(n.exclusiveMaximum);
    out.push(fc.constantFrom(...bounds), fc.constantFrom('1', '1e3', 'NaN', 'Infinity'));
  }
  if (n.enum) out.push(fc.string({ maxLength: 12 }), fc.constantFrom(...n.enum.map((e) => `${String(e)} `)));
  if (n.type === 'array') {
    const len = (n.maxItems ?? 100) + 1;
    out.push(fc.constant(Array.from({ length: len }, () => null)), fc.constant({ 0: null, length: 1 }));
  }
  return fc.oneof(...out);
}

type Path = (string | number)[];
type Site = { path: Path; node: Node };

/** Every place of a payload: the root, each property, one array element. */
function sites(n: Node, path: Path = [], out: Site[] = [], depth = 0): Site[] {
  out.push({ path, node: n });
  if (depth > 6) return out;
  for (const alt of n.anyOf ?? n.oneOf ?? []) sites(alt, path, out, depth + 1);
  for (const [k, v] of Object.entries(n.properties ?? {})) sites(v, [...path, k], out, depth + 1);
  if (n.items) sites(n.items, [...path, 0], out, depth + 1);
  return out;
}

function parentAt(
  root: unknown,
  path: Path,
): { parent: Record<string, unknown> | unknown[]; key: string | number } | null {
  if (path.length === 0) return null;
  let cur: unknown = root;
  for (const step of path.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return null;
    const next = (cur as Record<string | number, unknown>)[step];
    if (next === undefined) {
      const created = typeof path[path.indexOf(step) + 1] === 'number' ? [] : {};
      (cur as Record<string | number, unknown>)[step] = created;
      cur = created;
    } else cur = next;
  }
  if (cur === null || typeof cur !== 'object') return null;
  return { parent: cur as Record<string, unknown>, key: path[path.length - 1]! };
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = clone(root);
  const at = parentAt(copy, path);
  if (at) defineOwn(at.parent as Record<string, unknown>, String(at.key), value);
  return copy;
}

function deleteAt(root: unknown, path: Path): unknown {
  const copy = clone(root);
  const at = parentAt(copy, path);
  if (at) delete (at.parent as Record<string, unknown>)[String(at.key)];
  return copy;
}

/** One way of getting a payload wrong; `invalid`: the schema refuses every value (so the answer must be 0000002). */
export type PayloadKind = { kind: string; invalid: boolean; arb: fc.Arbitrary<unknown> };

/**
 * The kinds of payload tried on a call: values its schema refuses (a wrong
 * type or range at one place, a required field missing, an unknown key in a
 * strict object, a wrong root; each checked against the schema) and
 * hostile ones that may pass it (plausible values naming things of other
 * users or nothing, prototype keys at some level).
 */
export function payloadKinds(schema: z.ZodType, pool: ValuePool): PayloadKind[] {
  const root = jsonSchemaOf(schema);
  const base = plausibleArb(root, pool);
  const all = sites(root);
  const anySite = fc.noBias(fc.constantFrom(...all));
  const refused = (v: unknown) => v !== undefined && !schema.safeParse(clone(v)).success;
  const kinds: PayloadKind[] = [
    { kind: 'wrong root', invalid: true, arb: fc.constantFrom<unknown>(null, 0, 'payload', [], [{}], true) },
    {
      kind: 'wrong value',
      invalid: true,
      arb: fc
        .tuple(base, anySite)
        .chain(([value, site]) => wrongValueArb(site.node).map((w) => setAt(value, site.path, w))),
    },
  ];
  const requiredSites = all.flatMap((s) => (s.node.required ?? []).map((k) => [...s.path, k]));
  if (requiredSites.length) {
    kinds.push({
      kind: 'missing field',
      invalid: true,
      arb: fc.tuple(base, fc.noBias(fc.constantFrom(...requiredSites))).map(([value, path]) => deleteAt(value, path)),
    });
  }
  const strictSites = all.filter((s) => s.node.type === 'object' && s.node.additionalProperties === false);
  if (strictSites.length) {
    kinds.push({
      kind: 'unknown key',
      invalid: true,
      arb: fc
        .tuple(
          base,
          fc.noBias(fc.constantFrom(...strictSites)),
          fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...PROTOTYPE_KEYS)),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([value, site, key, extra]) => setAt(value, [...site.path, key], key in POLLUTION ? POLLUTION : extra)),
    });
  }
  for (const k of kinds) k.arb = k.arb.filter(refused);
  kinds.push({ kind: 'plausible', invalid: false, arb: base });
  const objectSites = all.filter((s) => s.node.type === 'object');
  if (objectSites.length) {
    kinds.push({
      kind: 'prototype key',
      invalid: false,
      arb: fc
        .tuple(base, fc.noBias(fc.constantFrom(...objectSites)), fc.constantFrom(...PROTOTYPE_KEYS))
        .map(([value, site, key]) =>
          setAt(value, [...site.path, key], key === 'constructor' ? { prototype: POLLUTION } : POLLUTION),
        ),
    });
  }
  return kinds;
}
