/** Spec §2: the header's links, in order. */
export const NAV_LINKS = [
  { label: 'Bookings', to: '/' },
  { label: 'No Shows', to: '/reports' },
  { label: 'Fees', to: '/fees' },
  { label: 'Team', to: '/guides' },
  { label: 'Shifts', to: '/shifts' },
  { label: 'Account', to: '/account' },
] as const;

/** "Bookings" points at / but is where every /bookings/... page lives. */
export function isNavLinkActive(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || pathname.startsWith('/bookings');
  return pathname === to || pathname.startsWith(`${to}/`);
}
