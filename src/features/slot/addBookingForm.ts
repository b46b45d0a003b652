// Form state of the Add booking dialog, kept pure so its rules are read (and tested) apart from MUI.
import { ADD_ADULTS_MAX, ADD_ADULTS_MIN, ADD_OTHER_MAX, type AddBookingBody } from '../../domain/booking';
import { WALKIN_SOURCE } from '../../domain/company';
import { countError, nameError, parseCount, phoneError } from './bookingForm';

export interface AddForm {
  name: string;
  adults: string;
  children: string;
  phone: string;
  source: string;
  /** "Checked in now": the party is standing there, as a walk-in is. */
  checkedIn: boolean;
  /** The user set "Checked in now" themselves: a change of source no longer decides it. */
  checkedInChosen: boolean;
}

export interface AddErrors {
  name: string | null;
  adults: string | null;
  children: string | null;
  phone: string | null;
}

const isWalkin = (source: string) => source === WALKIN_SOURCE;

/** Spec §5: the source starts on Walkin when the company has it; a walk-in starts checked in. */
export function addFormFor(sources: string[]): AddForm {
  const source = sources.includes(WALKIN_SOURCE) ? WALKIN_SOURCE : (sources[0] ?? '');
  return {
    name: '',
    adults: '1',
    children: '0',
    phone: '',
    source,
    checkedIn: isWalkin(source),
    checkedInChosen: false,
  };
}

/** A new source sets "Checked in now" to its default, unless the user already chose. */
export function withSource(form: AddForm, source: string): AddForm {
  return { ...form, source, checkedIn: form.checkedInChosen ? form.checkedIn : isWalkin(source) };
}

export function addErrors(form: AddForm): AddErrors {
  return {
    name: nameError(form.name),
    adults: countError('Adults', form.adults, ADD_ADULTS_MIN, ADD_ADULTS_MAX),
    children: countError('Children', form.children, 0, ADD_OTHER_MAX),
    phone: phoneError(form.phone),
  };
}

export function addBody(form: AddForm, slot: { day: string; time: string; tour: string }): AddBookingBody {
  const adults = parseCount(form.adults) ?? 0;
  const children = parseCount(form.children) ?? 0;
  return {
    name: form.name.trim(),
    customers: [{ Adults: adults }, { Children: children }],
    pax: adults + children,
    // Checked in as it is created: everyone booked came (spec §3 `attendees`).
    attendees: form.checkedIn ? [{ Adults: adults }, { Children: children }] : [{ Adults: 0 }, { Children: 0 }],
    time: slot.time,
    tour: slot.tour,
    ...(form.source === '' ? {} : { source: form.source }),
    phone: form.phone.trim() || null,
    date: slot.day,
  };
}
