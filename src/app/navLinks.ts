import type { Role } from '../domain/auth';
import { msg } from '../domain/messageFormat';

export interface NavLink {
  /** English, marked for translation: shown as `t(label)`. */
  label: string;
  to: string;
  /** The server answers these pages' calls for Managers only: a Guide is not shown the link. */
  managersOnly?: boolean;
}

/** Spec §2: the header's links, in order, with the company's settings and imports for Managers. */
export const NAV_LINKS: readonly NavLink[] = [
  { label: msg('Bookings'), to: '/' },
  { label: msg('No Shows'), to: '/reports', managersOnly: true },
  { label: msg('Fees'), to: '/fees', managersOnly: true },
  { label: msg('Team'), to: '/guides' },
  { label: msg('Shifts'), to: '/shifts' },
  { label: msg('Settings'), to: '/settings', managersOnly: true },
  { label: msg('Import'), to: '/imports', managersOnly: true },
  { label: msg('Account'), to: '/account' },
];

/** The links a member of this role may follow. */
export function navLinksFor(role: Role): NavLink[] {
  return NAV_LINKS.filter((link) => role === 'Manager' || !link.managersOnly);
}

/** The link whose page is at this address, e.g. to name a page a Guide may not open. */
export function navLinkAt(pathname: string): NavLink | undefined {
  return NAV_LINKS.find((link) => link.to !== '/' && isNavLinkActive(link.to, pathname));
}

/** "Bookings" points at / but is where every /bookings/... page lives. */
export function isNavLinkActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || pathname.startsWith('/bookings');
  return pathname === to || pathname.startsWith(`${to}/`);
}
