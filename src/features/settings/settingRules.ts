import type { Company } from '../../domain/company';

export type RuleKey =
  | 'hideBookings'
  | 'unlockBookings'
  | 'showPhoneToManagers'
  | 'showPhoneToGuides'
  | 'display'
  | 'hideSourcesCopyOnly'
  | 'displaySourcesModal'
  | 'detailedShifts';

/** Each switch of the Settings page with its line in the tour business's words (spec §3's company rules). */
export const RULES: ReadonlyArray<{ key: RuleKey; label: string; on: string; off: string }> = [
  {
    key: 'hideBookings',
    label: 'Guides see only the slots around now',
    on: 'A Guide sees today’s slots within the window above, and tomorrow’s starting within it.',
    off: 'A Guide sees every slot of every day.',
  },
  {
    key: 'unlockBookings',
    label: 'Guides may change a slot at any time',
    on: 'Guides check in and edit whenever they like.',
    off: 'Guides can change a slot until 30 minutes after it starts; Managers always can.',
  },
  {
    key: 'showPhoneToManagers',
    label: 'Managers see phone numbers',
    on: 'Managers see each customer’s phone.',
    off: 'Phones are hidden from Managers.',
  },
  {
    key: 'showPhoneToGuides',
    label: 'Guides see phone numbers',
    on: 'Guides can call a customer who is late.',
    off: 'Phones are hidden from Guides.',
  },
  {
    key: 'display',
    label: 'Guides see where bookings come from',
    on: 'Guides see each booking’s source (Viator, Walkin…).',
    off: 'Sources are shown to Managers only.',
  },
  {
    key: 'hideSourcesCopyOnly',
    label: 'Copy a slot’s guests without sources',
    on: '“Copy pax” leaves out the per-source lines.',
    off: '“Copy pax” lists the guests per source too.',
  },
  {
    key: 'displaySourcesModal',
    label: 'Check the sources before copying',
    on: '“Copy pax” first shows the guests per source.',
    off: '“Copy pax” copies at once.',
  },
  {
    key: 'detailedShifts',
    label: 'Shifts per source',
    on: 'The shifts report has a column per source.',
    off: 'The shifts report counts Adults, Teens and Children.',
  },
];

/** The switch's position: only an explicit false lifts the Guide window (spec §4), so null reads as on. */
export function ruleValue(company: Pick<Company, RuleKey>, key: RuleKey): boolean {
  return key === 'hideBookings' ? company.hideBookings !== false : company[key];
}
