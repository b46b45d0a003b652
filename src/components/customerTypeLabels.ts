import type { CustomerType } from '../domain/customerTypes';
import { msg } from '../domain/messageFormat';

/** Each customer type as a screen names it, translated with `t(CUSTOMER_TYPE_LABELS[type])`; the value stays English. */
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = {
  Adults: msg('Adults'),
  Teens: msg('Teens'),
  Children: msg('Children'),
};
