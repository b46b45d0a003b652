import { parseNoteUniqueId, type SlotRef } from '../../../src/domain/slotRules';
import type { AuthContext, Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError } from '../../errors';
import { assertModifiable, assertVisible } from '../bookings/bookings.rules';
import { recordEvents } from '../eventLog/eventLog';
import { findNote, upsertNote } from './notes.repository';

function slotOf(uniqueId: string): SlotRef & { tour: string } {
  const slot = parseNoteUniqueId(uniqueId);
  if (!slot) throw new BadRequestError('A note key is day-time-tour, e.g. 2026-05-01-10:00-Old Town', 'VALIDATION');
  return slot;
}

/**
 * A slot's note follows the slot's rules: a Guide reads the notes of slots they may see, and writes them while the
 * slot is not locked, as with a check-in.
 */
export class NotesService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get(caller: Caller, uniqueId: string): Promise<{ note: string }> {
    const slot = slotOf(uniqueId);
    return this.tenancy.readAs(caller, async (tx, auth) => {
      this.assertVisible(auth, slot);
      return { note: (await findNote(tx, auth.companyId, uniqueId)) ?? '' };
    });
  }

  save(caller: Caller, uniqueId: string, note: string): Promise<{ note: string }> {
    const slot = slotOf(uniqueId);
    return this.tenancy.runAs(caller, async (tx, auth) => {
      assertModifiable(auth, auth.company, slot, this.now());
      const before = (await findNote(tx, auth.companyId, uniqueId)) ?? '';
      const saved = await upsertNote(tx, auth.companyId, uniqueId, note, auth.email);
      await recordEvents(tx, auth, [
        { kind: 'slot.noteSaved', slot, before: { Note: before }, after: { Note: saved } },
      ]);
      return { note: saved };
    });
  }

  private assertVisible(auth: AuthContext, slot: SlotRef): void {
    if (auth.role !== 'Manager') assertVisible(auth, auth.company, slot, this.now());
  }
}
