// Form state of the Add booking dialog, kept pure so its rules are read (and tested) apart from MUI.
import { ADD_ADULTS_MAX, ADD_ADULTS_MIN, ADD_OTHER_MAX, type AddBookingBody } from '../../domain/booking';
import { WALKIN_SOURCE } from '../../domain/company';
import { countError, nameError, parseCount, phoneError } from './bookingForm';
import { CUSTOMER_TYPE_LABELS } from '../../domain/customerTypes';
import { translate } from '../../services/i18n/language';

export interface AddForm {
  name: string;
  adults: string;
  children: string;
  phone: string;
  source: string;
  /** "Checked in now" as the user set it; null until they do, while the source and the departure decide it. */
  checkedIn: boolean | null;
}

export interface AddErrors {
  name: string | null;
  adults: string | null;
  children: string | null;
  phone: string | null;
}

/** Spec §5: the source starts on Walkin when the company has it. */
export function addFormFor(sources: string[]): AddForm {
  const source = sources.includes(WALKIN_SOURCE) ? WALKIN_SOURCE : (sources[0] ?? '');
  return { name: '', adults: '1', children: '0', phone: '', source, checkedIn: null };
}

/** The guests the form books (0 while a count is not valid). */
export function partySize(form: AddForm): number {
  return (parseCount(form.adults) ?? 0) + (parseCount(form.children) ?? 0);
}

export function addErrors(form: AddForm): AddErrors {
  return {
    name: nameError(form.name),
    adults: countError(translate(CUSTOMER_TYPE_LABELS.Adults), form.adults, ADD_ADULTS_MIN, ADD_ADULTS_MAX),
    children: countError(translate(CUSTOMER_TYPE_LABELS.Children), form.children, 0, ADD_OTHER_MAX),
    phone: phoneError(form.phone),
  };
}

/**
 * `checkedIn`: "Checked in now" as shown (the user's choice, or the default). `overCapacity`: a Manager's "Book
 * anyway".
 */
export function addBody(
  form: AddForm,
  slot: { day: string; time: string; tour: string },
  { checkedIn, overCapacity }: { checkedIn: boolean; overCapacity: boolean },
): AddBookingBody {
  const adults = parseCount(form.adults) ?? 0;
  const children = parseCount(form.children) ?? 0;
  return {
    name: form.name.trim(),
    customers: [{ Adults: adults }, { Children: children }],
    pax: adults + children,
    // Checked in as it is created: everyone booked came (spec §3 `attendees`).
    attendees: checkedIn ? [{ Adults: adults }, { Children: children }] : [{ Adults: 0 }, { Children: 0 }],
    time: slot.time,
    tour: slot.tour,
    ...(form.source === '' ? {} : { source: form.source }),
    phone: form.phone.trim() || null,
    date: slot.day,
    ...(overCapacity ? { allowOverCapacity: true } : {}),
  };
}
