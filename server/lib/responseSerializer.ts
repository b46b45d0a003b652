import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Every answer goes through its route's response schema: zod's parse keeps the declared fields only and checks their
 * values, then JSON.stringify writes it. fastify-type-provider-zod's serializer runs zod's encode instead, which costs
 * about 1.5× as much (bench/RESULTS.md); the two agree for schemas without transforms, and
 * responseSchemas.test.ts checks that no route's response schema has one.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
