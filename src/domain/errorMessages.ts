import { NO_DEPARTURE_MESSAGE } from './capacity';
import { msg } from './messageFormat';
import { GUIDE_HIDDEN_MESSAGE } from './slotRules';

const SESSION_ENDED = msg('Your session has ended, please sign in again');
const TOO_MANY_ATTEMPTS = msg('Too many attempts, please try again later');

/**
 * The one sentence the server sends with each of these codes. The server writes it in English; being a catalogue
 * message, the app shows it in the reader's language (services/serverMessage.ts), and the two never drift apart. A code whose text carries values
 * (a name, a field) is not here: the app words it from the answer's fields, or shows the server's English.
 */
export const ERROR_MESSAGES = {
  FORBIDDEN: msg("You don't have permission to perform that action"),
  SLOT_HIDDEN: GUIDE_HIDDEN_MESSAGE,
  SLOT_LOCKED: msg('This slot is locked: Guides can change it until 30 minutes after it starts'),
  TOUR_NOT_FOUND: msg('Tour not found'),
  COMPANY_NOT_FOUND: msg('Company not found'),
  NO_SHIFT: msg('No shift for this slot'),
  EMAIL_TAKEN: msg('An account with this email already exists'),
  INVALID_CREDENTIALS: msg('Invalid email or password'),
  NO_REFRESH_TOKEN: SESSION_ENDED,
  INVALID_REFRESH_TOKEN: SESSION_ENDED,
  REFRESH_TOKEN_REUSED: SESSION_ENDED,
  WRONG_PASSWORD: msg('Old password is incorrect'),
  CANNOT_DELETE_SELF: msg('You cannot delete your own account'),
  SOURCE_LOCKED: msg('Only manually added bookings can change source'),
  DUPLICATE_GUIDE: msg('A guide appears twice in the split'),
  BOOKING_CANCELLED: msg('This booking was cancelled and can no longer be changed'),
  NO_DEPARTURE: NO_DEPARTURE_MESSAGE,
  EMPTY_FILE: msg('The file is empty: it has no header row'),
  NOT_CSV: msg("The file's first lines are not readable as CSV"),
  IMPORT_RUNNING: msg('This import is still running: undo it once it has ended'),
  IMPORT_NOT_UNDOABLE: msg('This import was made before imports could be undone'),
  IMPORT_LIMIT: msg('Too many imports and previews at once, please wait for one to finish'),
  EXPORT_LIMIT: msg('Too many downloads at once, please wait for one to finish'),
  LIVE_STREAM_LIMIT: msg('Too many live update streams are open, please close another tab or try again later'),
  IDEMPOTENCY_IN_FLIGHT: msg('This request is still being processed; retry it in a moment'),
  RATE_LIMITED: TOO_MANY_ATTEMPTS,
  UNAVAILABLE: msg('Tourdesk is busy, please try again in a moment'),
  INTERNAL: msg('Something went wrong on our side'),
} as const;
