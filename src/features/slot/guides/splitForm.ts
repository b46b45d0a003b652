import { CUSTOMER_TYPES, type CustomerCounts, type CustomerType } from '../../../domain/customerTypes';

/** Upper bound of one guide's count of a type; the server refuses more than 1000. */
export const SHARE_MAX = 999;

/** What the guide's count fields hold: text while typing, so an emptied field is not silently a 0. */
export type ShareInputs = Record<CustomerType, string>;

export interface ChosenGuide {
  _id: string;
  name: string;
}

export const inputsFrom = (counts: CustomerCounts): ShareInputs =>
  Object.fromEntries(CUSTOMER_TYPES.map((type) => [type, String(counts[type])])) as ShareInputs;

/** A count field's value as a whole number 0…SHARE_MAX, or null when it is not one. */
export function parseShareCount(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const value = Number(text);
  return value <= SHARE_MAX ? value : null;
}

/** The share as counts, or null while any of its fields is not a valid count. */
export function parseShare(inputs: ShareInputs): CustomerCounts | null {
  const counts = {} as CustomerCounts;
  for (const type of CUSTOMER_TYPES) {
    const value = parseShareCount(inputs[type]);
    if (value === null) return null;
    counts[type] = value;
  }
  return counts;
}
