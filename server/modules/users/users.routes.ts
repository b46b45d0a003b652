import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authResponseSchema,
  changePasswordSchema,
  errorBodySchema,
  messageSchema,
  signupSchema,
} from '../../../src/domain/schemas/auth';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { setRefreshCookie } from '../auth/cookies';
import { listMembers } from './users.repository';
import type { UsersService } from './users.service';

export interface UsersRoutesOptions {
  db: Db;
  users: UsersService;
  signupRateLimit: { max: number; timeWindow: number };
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, opts) => {
  app.post(
    '/api/user/signup',
    {
      config: { public: true, rateLimit: opts.signupRateLimit },
      schema: {
        body: signupSchema,
        response: { 201: authResponseSchema, 400: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const session = await opts.users.signup(request.body.email, request.body.password);
      setRefreshCookie(request, reply, session);
      return reply.status(201).send({ user: session.user });
    },
  );

  app.post(
    '/api/user/changePassword',
    {
      schema: {
        body: changePasswordSchema,
        response: { 200: messageSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { oldPassword, newPassword } = request.body;
      const session = await opts.users.changePassword(auth.companyId, auth.userId, oldPassword, newPassword);
      setRefreshCookie(request, reply, session);
      return { message: 'Password changed successfully' };
    },
  );

  app.get(
    '/api/user/guides/company',
    {
      schema: {
        response: { 200: z.array(z.object({ _id: z.string(), name: z.string() })), 401: errorBodySchema },
      },
    },
    async (request) => listMembers(opts.db, requireAuth(request).companyId),
  );
};
