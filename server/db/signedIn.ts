import type { Role } from '../../src/domain/auth';
import { getTableColumns } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { ParsedApiKey } from '../lib/apiKeySecret';
import type { Device } from '../lib/device';
import { companies } from './schema';

export type CompanySettings = typeof companies.$inferSelect;

/** What a verified access token says: who, in which company, with which role, as of which password. */
export interface Caller {
  userId: string;
  companyId: string;
  role: Role;
  /** The member's session version when the token was issued (see users.session_version). */
  sessionVersion: number;
  /** The sign-in the token belongs to (its refresh tokens' family): revoked, the token stops working. */
  sessionId?: string;
  /** When the token stops working, in ms since the epoch: a live stream ends then (modules/live). */
  expiresAt?: number;
  /** Where the call came from, for the event log: the app's per-browser id and the user agent (plugins/auth.ts). */
  device?: Device;
}

/** The signed-in member as the database has them now, with their company's settings. */
export interface AuthContext {
  userId: string;
  companyId: string;
  role: Role;
  email: string;
  name: string;
  assignable: boolean;
  company: CompanySettings;
  device: Device;
}

/** A row of `auth_begin_request` (migration 0010). */
export interface MemberRow {
  user_id: string;
  email: string;
  user_name: string;
  role: Role;
  assignable: boolean;
  session_version: number;
  /** The company's row as `to_jsonb` writes it: keyed by column name. */
  company: Record<string, unknown>;
}

const companyColumns = Object.entries(getTableColumns(companies));

/** The company's row with the schema's keys and types (JSON has no timestamps). */
function companyOf(json: Record<string, unknown>): CompanySettings {
  const row = Object.fromEntries(companyColumns.map(([key, column]) => [key, json[column.name]]));
  return { ...row, createdAt: new Date(json.created_at as string) } as CompanySettings;
}

/**
 * The member behind a token, or undefined when the token no longer holds: the member was deleted, changed their
 * password since (session version) or changed role (a new token carries the new one).
 */
export function signedInMember(caller: Caller, row: MemberRow | undefined): AuthContext | undefined {
  if (!row || row.session_version !== caller.sessionVersion || row.role !== caller.role) return undefined;
  return {
    userId: row.user_id,
    companyId: caller.companyId,
    role: row.role,
    email: row.email,
    name: row.user_name,
    assignable: row.assignable,
    company: companyOf(row.company),
    device: caller.device ?? { id: null, userAgent: null },
  };
}

// The request's credentials as plugins/auth.ts reads them, and what a route requires of them: plugins and modules both
// import them from here, never from each other.
declare module 'fastify' {
  interface FastifyRequest {
    /** Who the access token says is calling (plugins/auth.ts); the member is read in the request's transaction. */
    caller: Caller | null;
    /** A channel's API key as sent (`/api/v1`); checked against its hash in the request's transaction. */
    apiKey: ParsedApiKey | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The `Authorization: Bearer …` credential as sent, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new UnauthorizedError();
  return request.caller;
}

export function requireApiKey(request: FastifyRequest): ParsedApiKey {
  if (!request.apiKey) throw new UnauthorizedError();
  return request.apiKey;
}

export function requireManager(request: FastifyRequest): Caller {
  const caller = requireCaller(request);
  if (caller.role !== 'Manager') throw new ForbiddenError();
  return caller;
}
