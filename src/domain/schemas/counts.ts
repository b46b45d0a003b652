import { z } from 'zod';
import { CUSTOMER_TYPES } from '../customerTypes';

export const customerTypeSchema = z.enum(CUSTOMER_TYPES);

/** The spec's wire shape of counts: single-key objects, each known type at most once, each 0…max. */
export const countListSchema = (max: number) =>
  z
    .array(z.partialRecord(customerTypeSchema, z.number().int().min(0).max(max)))
    .max(CUSTOMER_TYPES.length)
    .refine((list) => list.every((entry) => Object.keys(entry).length === 1), {
      message: 'Each entry holds exactly one customer type',
    })
    .refine((list) => new Set(list.map((entry) => Object.keys(entry)[0])).size === list.length, {
      message: 'A customer type appears at most once',
    });
