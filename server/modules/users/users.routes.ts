import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attemptLimit } from '../../lib/attemptLimit';
import { deviceOf } from '../../lib/device';
import { UnauthorizedError } from '../../errors';
import { errors, INPUT, JSON_BODY, MANAGER, MEMBER } from '../../lib/errorResponses';
import {
  authResponseSchema,
  changePasswordSchema,
  messageSchema,
  ownSettingsBodySchema,
  signupSchema,
} from '../../../src/domain/schemas/auth';
import { z } from 'zod';
import { bearerToken, requireCaller, requireManager } from '../../db/signedIn';
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
        summary: 'Sign up a new company',
        description:
          'Creates a company whose first member, its Manager, is the signer, and signs them in as `POST /auth` ' +
          'does (the user and the refresh cookie). `language`, the sign-up page’s, becomes the company’s ' +
          '`defaultLanguage` and the Manager’s own.',
        operationId: 'signUp',
        body: signupSchema,
        response: {
          201: authResponseSchema,
          ...errors(JSON_BODY, { 409: ['EMAIL_TAKEN'], 429: ['RATE_LIMITED'] }),
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
        summary: 'Change your password',
        description: 'Ends the member’s other sessions and sets a new refresh cookie for this one.',
        operationId: 'changePassword',
        body: changePasswordSchema,
        response: {
          200: messageSchema,
          ...errors(MEMBER, JSON_BODY, { 400: ['WRONG_PASSWORD'], 429: ['RATE_LIMITED'] }),
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

  app.patch(
    '/api/user/me',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Change your own settings',
        description:
          'Sets the signed-in member’s `language`, any role, their own record only (the member comes from the ' +
          'token). Answers the user as `POST /auth` does, with the access token sent: it stays valid.',
        operationId: 'changeOwnSettings',
        body: ownSettingsBodySchema,
        response: { 200: authResponseSchema, ...errors(MEMBER, JSON_BODY) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      // A member's route opens for a bearer only (plugins/auth.ts): the answer hands back the one sent.
      const token = bearerToken(request);
      if (!token) throw new UnauthorizedError();
      return { user: await opts.users.changeOwnSettings(caller, token, request.body) };
    },
  );

  app.get(
    '/api/user/guides/company',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The team, for guide pickers',
        operationId: 'getCompanyGuides',
        response: { 200: z.array(guideRefSchema), ...errors(MEMBER) },
      },
    },
    async (request) => opts.team.guides(requireCaller(request)),
  );

  app.get(
    '/api/user/users/company',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'The team members',
        operationId: 'getTeamMembers',
        response: { 200: z.array(memberSchema), ...errors(MEMBER) },
      },
    },
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
        summary: 'Add a guide',
        operationId: 'addGuide',
        body: addGuideBodySchema,
        response: {
          201: z.object({ message: z.string(), user: memberSchema }),
          ...errors(MANAGER, JSON_BODY, { 409: ['EMAIL_TAKEN', 'NAME_TAKEN'], 429: ['RATE_LIMITED'] }),
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
        summary: 'Remove a team member',
        description: 'The member can no longer sign in and every session of theirs ends; their past work stays.',
        operationId: 'removeTeamMember',
        params: z.object({ id: z.uuid({ message: 'Not a member id' }) }),
        response: {
          200: messageSchema,
          ...errors(MANAGER, INPUT, { 400: ['CANNOT_DELETE_SELF'], 404: ['NOT_FOUND'] }),
        },
      },
    },
    async (request) => {
      await opts.team.remove(requireManager(request), request.params.id);
      return { message: GUIDE_DELETED };
    },
  );
};
