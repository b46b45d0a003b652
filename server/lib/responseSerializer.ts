import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Response serialisation without the cost of zod's encode. fastify-type-provider-zod runs `safeEncode` and then
 * `JSON.stringify` on every response: encode walks each node twice (a check-free pass, then the checks) and was
 * about 6× the cost of the stringify itself on a day list. Here each response schema is compiled once, at start-up,
 * by zod's own compiler (`z.compile`) into a parser that validates, strips unknown keys and copies in one pass; its
 * output goes to `JSON.stringify`. A value the compiled parser refuses goes to the zod serializer, which throws as
 * before (a 500 from the error handler), so a wrong value never produces a body.
 *
 * Compiled parsers run zod's forward direction (parse) while the zod serializer runs the backward one (encode).
 * They give the same value only for schemas without transforms, pipes, codecs, defaults or catches: a schema with
 * any node outside `SAME_BOTH_WAYS` keeps the zod serializer. One difference remains and is accepted: a refinement
 * on an object or array sees the value after unknown keys are stripped, where encode shows it the raw value. No
 * response schema here refines on keys an object may carry beyond its shape.
 */

type Schema = z.ZodType;
type Serialize = (data: unknown) => string;

export interface ResponseSerializer {
  serialize: Serialize;
  /** False when the schema keeps the zod serializer (see `SAME_BOTH_WAYS`). */
  fast: boolean;
}

interface Route {
  method: string;
  url: string;
  httpStatus?: string;
}

/** Zod types whose parse and encode give the same value, with where their child schemas sit in the def. */
const SAME_BOTH_WAYS: Record<string, (def: Record<string, unknown>) => unknown[]> = {
  string: () => [],
  number: () => [],
  boolean: () => [],
  null: () => [],
  undefined: () => [],
  unknown: () => [],
  any: () => [],
  never: () => [],
  enum: () => [],
  literal: () => [],
  object: (def) => [...Object.values(def.shape as Record<string, unknown>), def.catchall],
  array: (def) => [def.element],
  record: (def) => [def.keyType, def.valueType],
  tuple: (def) => [...(def.items as unknown[]), def.rest],
  union: (def) => def.options as unknown[],
  optional: (def) => [def.innerType],
  nullable: (def) => [def.innerType],
  readonly: (def) => [def.innerType],
};

/** Classic schemas only: their compiled clone carries a `safeParse` that calls the generated parser directly. */
function isSchema(value: unknown): value is Schema {
  return value instanceof z.ZodType;
}

/** True when every node of the schema is a type whose parse and encode agree (a cycle would need `lazy`, so none). */
function parsesAsItEncodes(schema: Schema): boolean {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const children = SAME_BOTH_WAYS[def.type];
  return (
    children !== undefined && children(def).every((child) => child === undefined || parsesAsItEncodes(child as Schema))
  );
}

/** Compiled once per schema object: the error body alone is declared on every route for several statuses. */
const compiledParsers = new WeakMap<Schema, Schema>();

function compiledParser(schema: Schema): Schema | undefined {
  const known = compiledParsers.get(schema);
  if (known) return known;
  if (!parsesAsItEncodes(schema)) return undefined;
  let compiled: Schema;
  try {
    // strict: a schema the compiler cannot model throws here instead of silently keeping zod's runtime parser.
    compiled = z.compile(schema, { strict: true });
  } catch {
    return undefined;
  }
  compiledParsers.set(schema, compiled);
  return compiled;
}

export function compileResponseSerializer(schema: unknown, route: Route): ResponseSerializer {
  const viaZod = zodSerializerCompiler({ schema: schema as Schema, ...route }) as Serialize;
  const parser = isSchema(schema) ? compiledParser(schema) : undefined;
  if (!parser) return { serialize: viaZod, fast: false };
  return {
    serialize: (data) => {
      const parsed = parser.safeParse(data);
      // The zod serializer throws for a value that does not fit, with the route and zod's issues in the error.
      return parsed.success ? JSON.stringify(parsed.data) : viaZod(data);
    },
    fast: true,
  };
}

/** For `app.setSerializerCompiler`: every declared status of every route, error bodies included. */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) =>
  compileResponseSerializer(schema, { method, url, httpStatus }).serialize;
