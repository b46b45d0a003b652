import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authResponseSchema, credentialsSchema, refreshResponseSchema } from '../../../src/domain/schemas/auth';
import { attemptLimit } from '../../lib/attemptLimit';
import { errors, JSON_BODY } from '../../lib/errorResponses';
import { bearerToken } from '../../db/signedIn';
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
        summary: 'Sign in',
        description:
          'Answers the user with an access token (`user.token`, valid about 15 minutes: send it as ' +
          '`Authorization: Bearer <token>`) and sets the refresh cookie `tourdesk_refresh` (HttpOnly, ' +
          'SameSite=Strict, path `/auth`), which `GET /auth/refresh` exchanges for a new token.',
        operationId: 'signIn',
        body: credentialsSchema,
        response: {
          200: authResponseSchema,
          ...errors(JSON_BODY, { 401: ['INVALID_CREDENTIALS'], 429: ['RATE_LIMITED'] }),
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
      schema: {
        tags,
        summary: 'Renew the access token',
        description:
          'Authenticated by the refresh cookie `tourdesk_refresh` alone (send the cookies; no bearer). Answers a ' +
          'new access token and the user, and sets the next cookie: each cookie works once, though a retry within ' +
          'a few seconds (an answer lost on the way) gets the same successor. A cookie sent again later ends the ' +
          'whole session. Calls another site makes the browser send are refused.',
        operationId: 'refreshSession',
        response: {
          200: refreshResponseSchema,
          ...errors({
            401: ['NO_REFRESH_TOKEN', 'INVALID_REFRESH_TOKEN', 'REFRESH_TOKEN_REUSED'],
            403: ['CROSS_SITE'],
          }),
        },
      },
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
      schema: {
        tags,
        summary: 'Sign out',
        description:
          'Ends the session of the refresh cookie `tourdesk_refresh` and clears it; with ' +
          '`Authorization: Bearer <access token>` it also ends that token’s session, whose tokens then stop ' +
          'working at once. Answers 204 whatever was sent.',
        operationId: 'signOut',
        response: { 204: z.null(), ...errors({ 403: ['CROSS_SITE'] }) },
      },
    },
    async (request, reply) => {
      assertSameSite(request);
      await opts.auth.logout(readRefreshCookie(request), bearerToken(request));
      clearRefreshCookie(request, reply);
      return reply.status(204).send(null);
    },
  );
};
