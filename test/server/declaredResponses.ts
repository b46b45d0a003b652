import { z } from 'zod';
import type { RouteEntry } from '../../server/app';

/** A status's schema, or one per media type where the route answers more than JSON (a CSV download, a stream). */
type Declared = z.ZodType | { content: Record<string, { schema: z.ZodType }> };

const declaredOf = (route: RouteEntry) => (route.schema?.response ?? {}) as Record<string, Declared>;

/** Every response schema of a route, with the status and, where it names one, the media type. */
export function declaredResponses(route: RouteEntry): Array<{ status: string; mediaType?: string; schema: z.ZodType }> {
  return Object.entries(declaredOf(route)).flatMap(([status, declared]) =>
    declared instanceof z.ZodType
      ? [{ status, schema: declared }]
      : Object.entries(declared.content).map(([mediaType, { schema }]) => ({ status, mediaType, schema })),
  );
}

/** The schema an answer must match: its status's, or the one for its media type (as Fastify chooses it). */
export function declaredSchema(route: RouteEntry, status: number, contentType: string): z.ZodType | undefined {
  const declared = declaredOf(route)[status];
  if (!declared || declared instanceof z.ZodType) return declared;
  return declared.content[contentType.split(';')[0]!.trim()]?.schema;
}
