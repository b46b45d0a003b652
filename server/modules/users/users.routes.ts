import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attemptLimit } from '../../lib/attemptLimit';
import { deviceOf } from '../../lib/device';
import {
  authResponseSchema,
  changePasswordSchema,
  errorBodySchema,
  messageSchema,
  signupSchema,
} from '../../../src/domain/schemas/auth';
import { z } from 'zod';
import { requireCaller, requireManager } from '../../plugins/auth';
import { setRefreshCookie } from '../auth/cookies';
import { addGuideBodySchema, guideRefSchema, memberSchema } from '../../../src/domain/schemas/team';
import { GUIDE_ADDED, GUIDE_DELETED } from '../../../src/domain/team';
import type { TeamService } from './team.service';
import type { UsersService } from './users.service';

type Limit = { max: number; windowMs: number };

export interface UsersRoutesOptions {
  users: UsersService;
  team: TeamService;
  signupRateLimit: { max: number; timeWindow: number };
  /** Guessing the old password with a stolen access token: per member and per address, like sign-in. */
  passwordLimits: { perMember: Limit; perAddress: Limit };
  /** Each new member tells whether an email is taken: per company and per address. */
  addMemberLimit: Limit;
}

const tags = ['Users'];

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, opts) => {
  const byAddress = (request: FastifyRequest) => request.ip;
  const byMember = (request: FastifyRequest) => requireCaller(request).userId;
  const byCompany = (request: FastifyRequest) => requireCaller(request).companyId;

  app.post(
    '/api/user/signup',
    {
      config: { access: 'public', rateLimit: opts.signupRateLimit },
      schema: {
        tags,
        body: signupSchema,
        response: {
          201: authResponseSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const session = await opts.users.signup(request.body, deviceOf(request));
      setRefreshCookie(request, reply, session);
      return reply.status(201).send({ user: session.user });
    },
  );

  app.post(
    '/api/user/changePassword',
    {
      preHandler: [
        attemptLimit(app, { name: 'password member', ...opts.passwordLimits.perMember, key: byMember }),
        attemptLimit(app, { name: 'password address', ...opts.passwordLimits.perAddress, key: byAddress }),
      ],
      config: { access: 'member' },
      schema: {
        tags,
        body: changePasswordSchema,
        response: {
          200: messageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { oldPassword, newPassword } = request.body;
      const session = await opts.users.changePassword(requireCaller(request), oldPassword, newPassword);
      setRefreshCookie(request, reply, session);
      return { message: 'Password changed successfully' };
    },
  );

  app.get(
    '/api/user/guides/company',
    {
      config: { access: 'member' },
      schema: {
        tags,
        response: { 200: z.array(guideRefSchema), 401: errorBodySchema },
      },
    },
    async (request) => opts.team.guides(requireCaller(request)),
  );

  app.get(
    '/api/user/users/company',
    { config: { access: 'member' }, schema: { tags, response: { 200: z.array(memberSchema), 401: errorBodySchema } } },
    async (request) => opts.team.list(requireCaller(request)),
  );

  app.post(
    '/api/user/addguide',
    {
      preHandler: [
        attemptLimit(app, { name: 'add member company', ...opts.addMemberLimit, key: byCompany }),
        attemptLimit(app, { name: 'add member address', ...opts.addMemberLimit, key: byAddress }),
      ],
      config: { access: 'manager' },
      schema: {
        tags,
        body: addGuideBodySchema,
        response: {
          201: z.object({ message: z.string(), user: memberSchema }),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await opts.team.addGuide(requireManager(request), request.body);
      return reply.status(201).send({ message: GUIDE_ADDED, user });
    },
  );

  app.delete(
    '/api/user/guides/:id',
    {
      config: { access: 'manager' },
      schema: {
        tags,
        params: z.object({ id: z.uuid({ message: 'Not a member id' }) }),
        response: {
          200: messageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      await opts.team.remove(requireManager(request), request.params.id);
      return { message: GUIDE_DELETED };
    },
  );
};
