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

/** The cookie routes refuse requests another site makes the browser send (defence beside SameSite=Strict). */
export function assertSameSite(request: FastifyRequest): void {
  if (request.headers['sec-fetch-site'] === 'cross-site')
    throw new ForbiddenError('Cross-site request refused', 'CROSS_SITE');
  const origin = request.headers.origin;
  if (!origin) return;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new ForbiddenError('Cross-site request refused', 'CROSS_SITE');
  }
  if (originHost !== request.host) throw new ForbiddenError('Cross-site request refused', 'CROSS_SITE');
}
