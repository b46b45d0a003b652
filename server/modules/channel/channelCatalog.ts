import type { Db } from '../../db/client';
import { BadRequestError } from '../../errors';
import { listSourceLabels, listTourLabels } from '../companies/companies.repository';

/**
 * The source and the tour a channel names must be the company's. The messages do not repeat the names: a key of
 * one company probing another's names learns nothing from the answer.
 */
export async function assertChannelCatalog(tx: Db, companyId: string, source: string, tour: string): Promise<void> {
  if (!(await listSourceLabels(tx, companyId)).includes(source)) {
    throw new BadRequestError("source: not one of this company's sources (Settings › Sources)", 'UNKNOWN_SOURCE');
  }
  if (!(await listTourLabels(tx, companyId)).includes(tour)) {
    throw new BadRequestError("tour: not one of this company's tours (Settings › Tours)", 'UNKNOWN_TOUR');
  }
}
