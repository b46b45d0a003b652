import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken, type Caller } from '../db/signedIn';
import { UnauthorizedError } from '../errors';
import { parseApiKey } from '../lib/apiKeySecret';
import { deviceOf } from '../lib/device';
import { UUID } from '../lib/ids';
import { checkAccess, isApiRoute } from './access';

/** What this plugin needs of the auth module's `TokenService` (app.ts passes it in): plugins import no module. */
export interface AccessTokenVerifier {
  verify(token: string): Promise<Caller | null>;
}

const expired = () => new UnauthorizedError('Your session has expired, please sign in again', 'UNAUTHORIZED');
const apiKeyHere = () =>
  new UnauthorizedError(
    'An API key opens the channel API only (/api/v1/bookings); this route needs a member’s access token from POST /auth',
    'API_KEY_NOT_ACCEPTED',
  );

/**
 * Every /api route needs a valid access token unless its `access` is 'public' (plugins/access.ts), and the token's
 * role must be one the route admits: 401 and 403 come before validation's 400, as Fastify runs these hooks before it.
 * The member behind the token is read again by the request's transaction (`Tenancy.runAs`), so a deleted member's
 * token stops working at once.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: AccessTokenVerifier }) => {
  app.decorateRequest('caller', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // An unknown path is the not-found handler's; the web app's files are public.
    if (!url || !isApiRoute(url) || request.routeOptions.config.access === 'public') return;
    const token = bearerToken(request);
    if (request.routeOptions.config.access === 'channel') {
      request.apiKey = token ? parseApiKey(token) : null;
      if (!request.apiKey) throw new UnauthorizedError('Send an API key: Authorization: Bearer tdk_…', 'UNAUTHORIZED');
      return;
    }
    if (!token) throw new UnauthorizedError('Please sign in', 'UNAUTHORIZED');
    const claims = await opts.tokens.verify(token);
    // A channel developer trying a member route learns what the key is for, not that a session expired.
    if (!claims && parseApiKey(token)) throw apiKeyHere();
    if (!claims || !UUID.test(claims.companyId) || !UUID.test(claims.userId)) throw expired();
    request.caller = { ...claims, device: deviceOf(request) };
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    const { access } = request.routeOptions.config;
    if (url && isApiRoute(url) && access !== 'channel') checkAccess(access, request.caller);
  });
});
