/** Per company, in this browser: `open` while a new company's setup is under way, `done` once every step is. */
const setupKey = (companyId: string) => `tourdesk:setup:${companyId}`;

/**
 * A company starts its setup when it has no tour or still the sign-up's UTC zone; the checklist then stays until every
 * step is done, so an established company never downloads it.
 */
export function setupPending(company: { _id: string; timezone: string; tours: unknown[] }): boolean {
  const state = localStorage.getItem(setupKey(company._id));
  if (state === 'done') return false;
  if (state === 'open') return true;
  const isNew = company.tours.length === 0 || company.timezone === 'UTC';
  if (isNew) localStorage.setItem(setupKey(company._id), 'open');
  return isNew;
}

export function setupDone(companyId: string): void {
  localStorage.setItem(setupKey(companyId), 'done');
}
