import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeySchema,
  apiKeySourcesBodySchema,
  createdApiKeySchema,
  newApiKeyBodySchema,
} from '../../../src/domain/schemas/apiKeys';
import { errors, INPUT, JSON_BODY, MANAGER } from '../../lib/errorResponses';
import { requireManager } from '../../db/signedIn';
import type { ApiKeysService } from './apiKeys.service';

const tags = ['Company'];

/** Settings' channel API keys: listed, made (the secret answered once), given sources and revoked by Managers. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  app.get(
    '/api/company/api-keys',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'The company’s channel API keys',
        operationId: 'getApiKeys',
        response: { 200: z.array(apiKeySchema), ...errors(MANAGER) },
      },
    },
    async (request) => apiKeys.list(requireManager(request)),
  );

  app.post(
    '/api/company/api-keys',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Make a channel API key',
        description:
          'The key itself is in this answer only; the server keeps its SHA-256. The key reads and writes the ' +
          'bookings of its `sources` only.',
        operationId: 'createApiKey',
        body: newApiKeyBodySchema,
        response: {
          201: createdApiKeySchema,
          ...errors(MANAGER, JSON_BODY, { 400: ['UNKNOWN_SOURCE'], 409: ['NAME_TAKEN'] }),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await apiKeys.create(requireManager(request), request.body)),
  );

  app.patch(
    '/api/company/api-keys/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Give sources to a channel API key that has none',
        description:
          'A key made before keys had sources, whose name is no source’s, is refused until it has some. Once ' +
          'given, a key’s sources stay (409 `API_KEY_SOURCES_SET`): make a new key for others.',
        operationId: 'pickApiKeySources',
        params: z.object({ id: z.uuid() }),
        body: apiKeySourcesBodySchema,
        response: {
          200: apiKeySchema,
          ...errors(MANAGER, INPUT, JSON_BODY, {
            400: ['UNKNOWN_SOURCE'],
            404: ['NOT_FOUND'],
            409: ['API_KEY_SOURCES_SET'],
          }),
        },
      },
    },
    async (request) => apiKeys.pickSources(requireManager(request), request.params.id, request.body),
  );

  app.delete(
    '/api/company/api-keys/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        summary: 'Revoke a channel API key',
        description: 'The key stops working at once.',
        operationId: 'revokeApiKey',
        params: z.object({ id: z.uuid() }),
        response: { 200: apiKeySchema, ...errors(MANAGER, INPUT, { 404: ['NOT_FOUND'] }) },
      },
    },
    async (request) => apiKeys.revoke(requireManager(request), request.params.id),
  );
};
