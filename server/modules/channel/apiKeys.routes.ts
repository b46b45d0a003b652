import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeySchema, createdApiKeySchema, newApiKeyBodySchema } from '../../../src/domain/schemas/apiKeys';
import { errorBodySchema } from '../../../src/domain/schemas/auth';
import { requireManager } from '../../plugins/auth';
import type { ApiKeysService } from './apiKeys.service';

const tags = ['Company'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/** Settings' channel API keys: listed, made (the secret answered once) and revoked by Managers. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysService }> = async (app, { apiKeys }) => {
  app.get(
    '/api/company/api-keys',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        response: { 200: z.array(apiKeySchema), ...errors },
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
        body: newApiKeyBodySchema,
        response: {
          201: createdApiKeySchema,
          ...errors,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request, reply) => reply.status(201).send(await apiKeys.create(requireManager(request), request.body)),
  );

  app.delete(
    '/api/company/api-keys/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        response: { 200: apiKeySchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request) => apiKeys.revoke(requireManager(request), request.params.id),
  );
};
