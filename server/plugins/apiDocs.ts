import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { version } from '../../package.json';
import { errorResponse } from '../lib/errorResponses';

/** Where the API's documentation is served: the page here, the OpenAPI document at `${DOCS_URL}/json`. */
export const DOCS_URL = '/api/docs';

export function isDocsRoute(url: string): boolean {
  return url === DOCS_URL || url.startsWith(`${DOCS_URL}/`);
}

/** One per route module; each route names its own in `schema.tags`. */
const TAGS = [
  { name: 'Auth', description: 'Sign-in, the refresh cookie and sign-out.' },
  { name: 'Users', description: 'Sign-up, passwords and the company’s members.' },
  { name: 'Bookings', description: 'A day’s and a slot’s bookings, check-in, edits and guide assignment.' },
  { name: 'History', description: 'What happened to a booking, and a slot’s recent activity.' },
  { name: 'Live', description: 'Server-sent events for the open pages.' },
  { name: 'Reports', description: 'Reports (JSON pages or a CSV download) and guide fees.' },
  { name: 'Shifts', description: 'Who guides a slot.' },
  { name: 'Notes', description: 'A slot’s note.' },
  { name: 'Company', description: 'The company’s settings, tours and sources.' },
  { name: 'Timetable', description: 'The company’s departures.' },
  { name: 'Channel', description: 'Bookings from sales channels, sent with one of the company’s API keys.' },
  { name: 'Imports', description: 'CSV files of channel bookings: inspected, previewed, then applied (Managers).' },
];

const SECURITY_SCHEMES = {
  accessToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: '`Authorization: Bearer <access token>`, the token that sign-in and refresh answer.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: '`Authorization: Bearer <API key>`, a key a Manager made for a channel; never a member’s token.',
  },
} as const;

/** Each route's `access` (plugins/access.ts) as the document tells it; public routes need nothing. */
const CALLERS: Record<string, { scheme: keyof typeof SECURITY_SCHEMES; who: string } | undefined> = {
  member: { scheme: 'accessToken', who: 'Any member of the company.' },
  manager: { scheme: 'accessToken', who: 'The company’s Managers only (a Guide is answered 403).' },
  channel: { scheme: 'apiKey', who: 'A channel, with one of the company’s API keys.' },
};

/** Any call may meet these: the document lists them under each operation as `5XX`. */
const SERVER_ERRORS = errorResponse(['INTERNAL', 'UNAVAILABLE']);

/** What every client must know before its first call; each operation then says what is its own. */
const CONVENTIONS = `The back office’s API.

**Signing in.** \`POST /auth\` answers the user with an access token (\`user.token\`, about 15 minutes): send it as
\`Authorization: Bearer <token>\` on every call but sign-in, refresh, sign-out and sign-up. It also sets the refresh
cookie \`tourdesk_refresh\` (HttpOnly, path \`/auth\`), which \`GET /auth/refresh\` exchanges for a new token and
\`POST /auth/logout\` ends. A channel calls \`/api/v1\` with an API key instead, and only there.

**Errors.** Every refusal is \`{ "error": "<message for a person>", "code": "<CODE>" }\`, plus \`details\` (each
field and its problem) for \`VALIDATION\`. Each operation lists the codes it answers, per status. Any call may also be
answered 400 \`FST_ERR_BAD_URL\` (a path that is not valid percent-encoding), 414 \`FST_ERR_MAX_PARAM_LENGTH\` (a
path segment over 4000 characters), 431 \`HEADERS_TOO_LARGE\` (the address and headers over 16 KiB), 500
\`INTERNAL\` or 503 \`UNAVAILABLE\` (with \`Retry-After\`); a path no operation has is 404 \`NOT_FOUND\`. None of
these repeats the address sent.

**Days and times.** A \`day\` is \`yyyy-MM-dd\` and a \`time\` \`HH:mm\`, in the company’s time zone; a slot is its day,
time and tour, and its key \`day-time-tour\`.

**Retries and devices.** A check-in takes \`Idempotency-Key\`, \`base\` and \`madeAt\` so that a device may send it
again, late or offline-made, safely (see \`checkInBooking\`). \`X-Device-Id\` (letters, digits, \`-\`, \`_\`; up to 64)
names the device in the event log.`;

/** The zod schemas as JSON Schema, who may call the route, and the server errors any call may meet. */
const transform: SwaggerTransform = (input) => {
  const withServerErrors = input.schema && {
    ...input.schema,
    response: { ...(input.schema.response as object), '5XX': SERVER_ERRORS },
  };
  const { schema, url } = jsonSchemaTransform({ ...input, schema: withServerErrors });
  if (!schema || schema.hide) return { schema, url };
  const caller = CALLERS[input.route.config?.access ?? ''];
  // A public operation says so: no scheme at all, rather than none given.
  if (!caller) return { schema: { ...schema, security: [] }, url };
  const description = [schema.description, `Who may call: ${caller.who}`].filter(Boolean).join('\n\n');
  return { schema: { ...schema, description, security: [{ [caller.scheme]: [] }] }, url };
};

/**
 * The OpenAPI 3.1 document, generated from the routes' zod schemas, and a page that reads it. Registered before the
 * routes it describes; its own pages are public (they hold no data) and stay out of the document.
 */
export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tourdesk API',
        version,
        description: CONVENTIONS,
      },
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    // BaseLayout: the document alone, without Swagger UI's bar for exploring other documents.
    await docs.register(swaggerUi, {
      routePrefix: DOCS_URL,
      theme: { title: 'Tourdesk API' },
      uiConfig: { layout: 'BaseLayout' },
    });
  });
});
