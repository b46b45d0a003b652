import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { version } from '../../package.json';

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

/** The zod schemas as JSON Schema, plus who may call the route. */
const transform: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const caller = CALLERS[input.route.config?.access ?? ''];
  if (!schema || schema.hide || !caller) return { schema, url };
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
        description: 'The back office’s API. Sign in with `POST /auth` and send the `token` it answers as a bearer.',
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
