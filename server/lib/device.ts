import type { FastifyRequest } from 'fastify';
import { DEVICE_HEADER } from '../../src/domain/events';

/** Where a call came from, for the event log: the app's per-browser id and the user agent. */
export interface Device {
  id: string | null;
  userAgent: string | null;
}

const DEVICE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const USER_AGENT_MAX = 300;

/** The app's per-browser id (anything else is dropped) and the user agent, cut to a length worth keeping. */
export function deviceOf(request: FastifyRequest): Device {
  const id = request.headers[DEVICE_HEADER];
  const userAgent = request.headers['user-agent'];
  return {
    id: typeof id === 'string' && DEVICE_ID.test(id) ? id : null,
    userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
}
