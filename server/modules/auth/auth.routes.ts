import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authResponseSchema,
  credentialsSchema,
  errorBodySchema,
  refreshResponseSchema,
} from '../../../src/domain/schemas/auth';
import { attemptLimit } from '../../lib/attemptLimit';
import { bearerToken } from '../../plugins/auth';
import type { AuthService } from './auth.service';
import { assertSameSite, clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './cookies';

export interface AuthRoutesOptions {
  auth: AuthService;
  /** Per address and email. */
  loginRateLimit: { max: number; timeWindow: number };
  /** Per address, whatever the emails: guessing across accounts. */
  perAddress: { max: number; windowMs: number };
}

/** Attempts are counted per address and email, so one attacked account does not lock out everyone behind a NAT. */
function loginKey(request: { ip: string; body?: unknown }): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

const tags = ['Auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, opts) => {
  app.post(
    '/auth',
    {
      preHandler: attemptLimit(app, { name: 'sign-in address', ...opts.perAddress, key: (request) => request.ip }),
      config: {
        access: 'public',
        rateLimit: { ...opts.loginRateLimit, hook: 'preHandler', keyGenerator: loginKey },
      },
      schema: {
        tags,
        body: credentialsSchema,
        response: {
          200: authResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const session = await opts.auth.login(request.body.email, request.body.password);
      setRefreshCookie(request, reply, session);
      return { user: session.user };
    },
  );

  app.get(
    '/auth/refresh',
    {
      config: { access: 'public' },
      schema: { tags, response: { 200: refreshResponseSchema, 401: errorBodySchema, 403: errorBodySchema } },
    },
    async (request, reply) => {
      assertSameSite(request);
      try {
        const session = await opts.auth.refresh(readRefreshCookie(request));
        setRefreshCookie(request, reply, session);
        return { accessToken: session.user.token, user: session.user };
      } catch (err) {
        clearRefreshCookie(request, reply);
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public' },
      schema: { tags, response: { 204: z.null(), 403: errorBodySchema } },
    },
    async (request, reply) => {
      assertSameSite(request);
      await opts.auth.logout(readRefreshCookie(request), bearerToken(request));
      clearRefreshCookie(request, reply);
      return reply.status(204).send(null);
    },
  );
};
