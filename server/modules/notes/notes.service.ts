import { parseNoteUniqueId } from '../../../src/domain/slotRules';
import type { Db } from '../../db/client';
import { BadRequestError } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { assertVisible, companyOf } from '../bookings/bookings.rules';
import { findNote, upsertNote } from './notes.repository';

/** A slot's note follows the slot's visibility: a Guide reads and writes only notes of slots they may see. */
export class NotesService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(auth: AuthContext, uniqueId: string): Promise<{ note: string }> {
    await this.assertVisible(auth, uniqueId);
    return { note: (await findNote(this.db, auth.companyId, uniqueId)) ?? '' };
  }

  async save(auth: AuthContext, uniqueId: string, note: string): Promise<{ note: string }> {
    await this.assertVisible(auth, uniqueId);
    return { note: await upsertNote(this.db, auth.companyId, uniqueId, note, auth.email) };
  }

  private async assertVisible(auth: AuthContext, uniqueId: string): Promise<void> {
    const slot = parseNoteUniqueId(uniqueId);
    if (!slot) throw new BadRequestError('A note key is day-time-tour, e.g. 2026-05-01-10:00-Old Town', 'VALIDATION');
    if (auth.role === 'Manager') return;
    assertVisible(auth, await companyOf(this.db, auth), slot, this.now());
  }
}
