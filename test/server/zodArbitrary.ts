import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from zod 4 schemas (zod-fast-check targets zod 3). Covers the zod types the
 * request schemas use and throws on any other, so a new kind of schema is never silently left unfuzzed.
 * Refinements (`.refine`) are not modelled: a `hint` supplies realistic values where they matter.
 */

/** A value for the property `key`, or undefined to derive it from `schema`; `derived` is that derived value. */
export type Hint = (
  key: string,
  schema: z.ZodType,
  derived: () => fc.Arbitrary<unknown>,
) => fc.Arbitrary<unknown> | undefined;

export type Path = ReadonlyArray<string | number>;

interface Def {
  type: string;
  checks?: Array<{ _zod: { def: CheckDef } }>;
  [key: string]: unknown;
}

interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

/** Free text stays short: long strings add run time, not coverage (length limits are probed separately). */
const FREE_TEXT_SPAN = 24;
const ARRAY_SPAN = 4;

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: z.ZodType): CheckDef[] => (defOf(schema).checks ?? []).map((c) => c._zod.def);
const isOptional = (schema: z.ZodType): boolean =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

function lengthBounds(checks: CheckDef[]): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max ?? Infinity, c.maximum ?? Infinity);
    if (c.check === 'length_equals') [min, max] = [c.length ?? 0, c.length ?? 0];
  }
  return { min, max };
}

/** The regular expressions a string schema must match: `.regex()` checks and formats such as email or uuid. */
export function stringPatterns(schema: z.ZodType): RegExp[] {
  const def = defOf(schema);
  if (def.type !== 'string') return [];
  const own = def.format && def.pattern instanceof RegExp ? [def.pattern] : [];
  const checks = checksOf(schema)
    .filter((c) => c.check === 'string_format' && c.pattern instanceof RegExp)
    .map((c) => c.pattern as RegExp);
  return [...own, ...checks];
}

function stringArbitrary(schema: z.ZodType, path: Path): fc.Arbitrary<string> {
  const def = defOf(schema);
  const checks = checksOf(schema);
  if (def.format && !(def.pattern instanceof RegExp)) {
    throw new Error(`zodArbitrary: string format "${String(def.format)}" has no pattern at ${describe(path)}`);
  }
  const { min, max } = lengthBounds(checks);
  const [pattern, ...others] = stringPatterns(schema);
  const base = pattern
    ? fc.stringMatching(pattern)
    : fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max ?? Infinity, min + FREE_TEXT_SPAN) });
  const refined = checks.some((c) => c.check === 'custom');
  return base.filter(
    (s) =>
      s.length >= min &&
      s.length <= (max ?? Infinity) &&
      others.every((p) => p.test(s)) &&
      (refined || schema.safeParse(s).success),
  );
}

function numberArbitrary(schema: z.ZodType): fc.Arbitrary<number> {
  let integer = false;
  let min: number | undefined;
  let max: number | undefined;
  let minExcluded = false;
  let maxExcluded = false;
  for (const c of checksOf(schema)) {
    if (c.check === 'number_format') integer = true;
    if (c.check === 'greater_than' && (min === undefined || (c.value ?? -Infinity) >= min)) {
      min = c.value;
      minExcluded = !c.inclusive;
    }
    if (c.check === 'less_than' && (max === undefined || (c.value ?? Infinity) <= max)) {
      max = c.value;
      maxExcluded = !c.inclusive;
    }
  }
  if (integer) {
    return fc.integer({
      min: min === undefined ? -(2 ** 31) : Math.ceil(min) + (minExcluded && Number.isInteger(min) ? 1 : 0),
      max: max === undefined ? 2 ** 31 - 1 : Math.floor(max) - (maxExcluded && Number.isInteger(max) ? 1 : 0),
    });
  }
  return fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(schema: z.ZodType, path: Path, hint: Hint | undefined): fc.Arbitrary<unknown> {
  const shape = defOf(schema).shape as Record<string, z.ZodType>;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const [key, property] of Object.entries(shape)) {
    const derived = () => arbitraryAt(property, [...path, key], hint);
    model[key] = hint?.(key, property, derived) ?? derived();
    if (!isOptional(property)) requiredKeys.push(key);
  }
  return fc.record(model, { requiredKeys });
}

function arbitraryAt(schema: z.ZodType, path: Path, hint: Hint | undefined): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (key: string) => arbitraryAt(def[key] as z.ZodType, path, hint);
  switch (def.type) {
    case 'string':
      return stringArbitrary(schema, path);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'object':
      return objectArbitrary(schema, path, hint);
    case 'array': {
      const { min, max } = lengthBounds(checksOf(schema));
      return fc.array(arbitraryAt(def.element as z.ZodType, [...path, 0], hint), {
        minLength: min,
        maxLength: Math.min(max ?? Infinity, min + ARRAY_SPAN),
      });
    }
    case 'record': {
      const keys = stringValues(def.keyType as z.ZodType, path);
      const value = (key: string) => arbitraryAt(def.valueType as z.ZodType, [...path, key], hint);
      const model = Object.fromEntries(keys.map((key) => [key, value(key)]));
      return fc.record(model, { requiredKeys: def.partial ? [] : keys });
    }
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => arbitraryAt(option, path, hint)));
    case 'optional':
    case 'default':
      return fc.option(inner('innerType'), { nil: undefined });
    case 'nullable':
      return fc.option(inner('innerType'), { nil: null });
    case 'readonly':
      return inner('innerType');
    case 'pipe':
      // A transform's input is what the client sends; otherwise the output side holds the real constraints
      // (`z.string().trim().pipe(z.email())`).
      return defOf(def.out as z.ZodType).type === 'transform' ? inner('in') : inner('out');
    default:
      throw new Error(`zodArbitrary: no arbitrary for zod type "${def.type}" at ${describe(path)}`);
  }
}

function stringValues(keyType: z.ZodType, path: Path): string[] {
  const def = defOf(keyType);
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string>);
  if (def.type === 'literal') return (def.values as unknown[]).map(String);
  throw new Error(`zodArbitrary: record keys must be an enum or literal at ${describe(path)}`);
}

const describe = (path: Path): string => (path.length ? path.join('.') : '(root)');

export function zodArbitrary(schema: z.ZodType, hint?: Hint): fc.Arbitrary<unknown> {
  return arbitraryAt(schema, [], hint);
}

/** The schema of the value at `path`, through wrappers, or undefined when the schema has no such place. */
export function schemaAt(schema: z.ZodType, path: Path): z.ZodType | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return schemaAt(def.innerType as z.ZodType, path);
    case 'pipe':
      return schemaAt((defOf(def.out as z.ZodType).type === 'transform' ? def.in : def.out) as z.ZodType, path);
    default:
      break;
  }
  if (path.length === 0) return schema;
  const [head, ...rest] = path;
  if (def.type === 'object') {
    const property = (def.shape as Record<string, z.ZodType>)[String(head)];
    return property && schemaAt(property, rest);
  }
  if (def.type === 'array' && typeof head === 'number') return schemaAt(def.element as z.ZodType, rest);
  if (def.type === 'record') return schemaAt(def.valueType as z.ZodType, rest);
  if (def.type === 'union') {
    for (const option of def.options as z.ZodType[]) {
      const found = schemaAt(option, path);
      if (found) return found;
    }
  }
  return undefined;
}
