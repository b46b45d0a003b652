import type { Role } from '../../src/domain/auth';
import type { companies } from './schema';

export type CompanySettings = typeof companies.$inferSelect;

/** What a verified access token says: who, in which company, with which role, as of which password. */
export interface Caller {
  userId: string;
  companyId: string;
  role: Role;
  /** The member's session version when the token was issued (see users.session_version). */
  sessionVersion: number;
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
}

/** A row of `auth_begin_request` (migration 0008). */
export interface MemberRow {
  user_id: string;
  email: string;
  user_name: string;
  role: Role;
  assignable: boolean;
  session_version: number;
  company_name: string;
  timezone: string;
  before_time: number;
  after_time: number;
  hide_bookings: boolean | null;
  unlock_bookings: boolean;
  show_phone_to_managers: boolean;
  show_phone_to_guides: boolean;
  display: boolean;
  hide_sources_copy_only: boolean;
  display_sources_modal: boolean;
  detailed_shifts: boolean;
  /** A Date from the drivers' own parsing, the text of a timestamptz from a raw Drizzle query. */
  company_created_at: string | Date;
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
    company: {
      id: caller.companyId,
      name: row.company_name,
      timezone: row.timezone,
      beforeTime: row.before_time,
      afterTime: row.after_time,
      hideBookings: row.hide_bookings,
      unlockBookings: row.unlock_bookings,
      showPhoneToManagers: row.show_phone_to_managers,
      showPhoneToGuides: row.show_phone_to_guides,
      display: row.display,
      hideSourcesCopyOnly: row.hide_sources_copy_only,
      displaySourcesModal: row.display_sources_modal,
      detailedShifts: row.detailed_shifts,
      createdAt: new Date(row.company_created_at),
    },
  };
}
