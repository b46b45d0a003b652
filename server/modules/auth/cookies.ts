import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../errors';
import type { Session } from './auth.service';

export const REFRESH_COOKIE = 'tourdesk_refresh';
/** Only the /auth routes ever receive the refresh cookie. */
const COOKIE_PATH = '/auth';

export function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, session: Session): void {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    expires: session.refreshExpiresAt,
  });
}

export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE];
}

const crossSite = () => new ForbiddenError('Cross-site request refused', 'CROSS_SITE');

/** An origin as a browser writes it (scheme, host and port; a default port left out), or undefined if malformed. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The cookie routes refuse requests another site makes the browser send (defence beside SameSite=Strict): an
 * `Origin` must be this server's own, scheme, host and port alike (the scheme as the proxy says with TRUST_PROXY).
 */
export function assertSameSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSite();
  const origin = request.headers.origin;
  if (!origin) return;
  const own = originOf(`${request.protocol}://${request.host}`);
  if (own === undefined || originOf(origin) !== own) throw crossSite();
}
