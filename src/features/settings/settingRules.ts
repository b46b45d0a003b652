import type { Company } from '../../domain/company';
import { msg } from '../../domain/messageFormat';

export type RuleKey =
  | 'hideBookings'
  | 'unlockBookings'
  | 'showPhoneToManagers'
  | 'showPhoneToGuides'
  | 'display'
  | 'hideSourcesCopyOnly'
  | 'displaySourcesModal'
  | 'detailedShifts';

/** Each switch of the Settings page with its line in the tour business's words (spec §3's company rules); the page translates them. */
export const RULES: ReadonlyArray<{ key: RuleKey; label: string; on: string; off: string }> = [
  {
    key: 'hideBookings',
    label: msg('Guides see only the slots around now'),
    on: msg('A Guide sees today’s slots within the window above, and tomorrow’s starting within it.'),
    off: msg('A Guide sees every slot of every day.'),
  },
  {
    key: 'unlockBookings',
    label: msg('Guides may change a slot at any time'),
    on: msg('Guides check in and edit whenever they like.'),
    off: msg('Guides can change a slot until 30 minutes after it starts; Managers always can.'),
  },
  {
    key: 'showPhoneToManagers',
    label: msg('Managers see phone numbers'),
    on: msg('Managers see each customer’s phone.'),
    off: msg('Phones are hidden from Managers.'),
  },
  {
    key: 'showPhoneToGuides',
    label: msg('Guides see phone numbers'),
    on: msg('Guides can call a customer who is late.'),
    off: msg('Phones are hidden from Guides.'),
  },
  {
    key: 'display',
    label: msg('Guides see where bookings come from'),
    on: msg('Guides see each booking’s source (Viator, Walkin…).'),
    off: msg('Sources are shown to Managers only.'),
  },
  {
    key: 'hideSourcesCopyOnly',
    label: msg('Copy a slot’s guests without sources'),
    on: msg('“Copy pax” leaves out the per-source lines.'),
    off: msg('“Copy pax” lists the guests per source too.'),
  },
  {
    key: 'displaySourcesModal',
    label: msg('Check the sources before copying'),
    on: msg('“Copy pax” first shows the guests per source.'),
    off: msg('“Copy pax” copies at once.'),
  },
  {
    key: 'detailedShifts',
    label: msg('Shifts per source'),
    on: msg('The shifts report has a column per source.'),
    off: msg('The shifts report counts Adults, Teens and Children.'),
  },
];

/** The switch's position: only an explicit false lifts the Guide window (spec §4), so null reads as on. */
export function ruleValue(company: Pick<Company, RuleKey>, key: RuleKey): boolean {
  return key === 'hideBookings' ? company.hideBookings !== false : company[key];
}
