import { CUSTOMER_TYPES, countsFromList, listFromCounts } from '../../../src/domain/customerTypes';
import {
  GUIDE_HIDDEN_MESSAGE,
  canModifySlot,
  canSeeSlot,
  noteUniqueId,
  parseNoteUniqueId,
} from '../../../src/domain/slotRules';
import type { GuideShiftRow, SaveShiftGuidesBody, Shift, TimeRangeBody } from '../../../src/domain/team';
import type { Db } from '../../db/client';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import type { AuthContext, Caller } from '../../db/signedIn';
import { viewerOf } from '../bookings/bookings.mapper';
import { SLOT_LOCKED } from '../bookings/bookings.rules';
import { listTeam } from '../users/users.repository';
import { whoseData } from '../users/whoseData';
import { countsOf, saveShift } from '../bookings/shiftHeads';
import { findShift, type ShiftGuideRow, type ShiftRow } from '../bookings/shiftHeads.repository';
import { attendanceBySource, listMemberShifts } from './shifts.repository';
import { ERROR_MESSAGES } from '../../../src/domain/errorMessages';

function toShiftDto(shift: ShiftRow, guides: ShiftGuideRow[]): Shift {
  return {
    _id: shift.id,
    shiftString: shift.shiftString,
    date: shift.date,
    time: shift.time,
    tour: shift.tour,
    guides: guides.map((g) => ({
      _id: g.userId,
      name: g.name,
      attendees: listFromCounts(countsOf(g), CUSTOMER_TYPES),
    })),
    totalAttendees: listFromCounts(
      { Adults: shift.totalAdults, Teens: shift.totalTeens, Children: shift.totalChildren },
      CUSTOMER_TYPES,
    ),
  };
}

/** A slot's guides (spec §3 Shift), keyed like notes by day-time-tour. */
export class ShiftsService {
  constructor(
    private readonly tenancy: Tenancy,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get(caller: Caller, shiftString: string): Promise<Shift> {
    const slot = slotOf(shiftString);
    return this.tenancy.readAs(caller, (tx, auth) => {
      this.assertVisible(auth, slot);
      return shiftOf(tx, auth.companyId, slot);
    });
  }

  /** Replaces the slot's guides; their heads follow the slot's bookings once any has a guide (shiftHeads.ts). */
  saveGuides(caller: Caller, shiftString: string, body: SaveShiftGuidesBody): Promise<Shift> {
    const slot = slotOf(shiftString);
    const items = body.selectedGuides.selectedItems;
    if (new Set(items.map((i) => i._id)).size !== items.length) {
      throw new BadRequestError(ERROR_MESSAGES.DUPLICATE_GUIDE, 'DUPLICATE_GUIDE');
    }
    return this.tenancy.runAs(caller, async (tx, auth) => {
      this.assertVisible(auth, slot);
      if (!canModifySlot(auth.role, auth.company, slot, this.now())) {
        throw new ForbiddenError(SLOT_LOCKED, 'SLOT_LOCKED');
      }
      const team = new Map((await listTeam(tx, auth.companyId)).map((m) => [m.id, m]));
      const guides = items.map((item) => {
        const member = team.get(item._id);
        if (!member) throw new BadRequestError('Only members of the team can take a shift', 'UNKNOWN_GUIDE');
        return { userId: member.id, name: member.name, counts: countsFromList(item.attendees) };
      });
      await saveShift(tx, auth, slot, guides);
      return shiftOf(tx, auth.companyId, slot);
    });
  }

  /** The shift report of one guide: a Guide gets only their own rows, a Manager anyone's. */
  guideShifts(caller: Caller, body: TimeRangeBody): Promise<GuideShiftRow[]> {
    const { start, end } = body.timeRange;
    if (start > end) throw new BadRequestError('The range starts after it ends', 'VALIDATION');
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const member = await whoseData(tx, auth, body.guide);
      const rows = await listMemberShifts(tx, auth.companyId, member.id, start, end);
      // Sources are shown to a Guide only with `display` on (spec §6), here as everywhere.
      const showSource = viewerOf(auth.role, auth.company).showSource;
      const bySource = showSource ? await attendanceBySource(tx, auth.companyId, member.id, start, end) : [];
      return rows.map(({ shift, guide }) => ({
        shiftString: shift.shiftString,
        date: shift.date,
        time: shift.time,
        tour: shift.tour,
        guide: guide.name,
        attendees: listFromCounts(countsOf(guide), CUSTOMER_TYPES),
        bySource: bySource
          .filter((s) => s.date === shift.date && s.time === shift.time && s.tour === shift.tour)
          .map((s) => ({ source: s.source, attendees: listFromCounts(countsOf(s), CUSTOMER_TYPES) })),
      }));
    });
  }

  private assertVisible(auth: AuthContext, slot: SlotKey): void {
    if (!canSeeSlot(auth.role, auth.company, slot, this.now())) {
      throw new ForbiddenError(GUIDE_HIDDEN_MESSAGE, 'SLOT_HIDDEN');
    }
  }
}

type SlotKey = { day: string; time: string; tour: string };

function slotOf(shiftString: string): SlotKey {
  const slot = parseNoteUniqueId(shiftString);
  if (!slot) throw new BadRequestError('A shift key is day-time-tour, e.g. 2026-05-01-10:00-Old Town', 'VALIDATION');
  return slot;
}

async function shiftOf(tx: Db, companyId: string, slot: SlotKey): Promise<Shift> {
  const found = await findShift(tx, companyId, noteUniqueId(slot.day, slot.time, slot.tour));
  if (!found) throw new NotFoundError(ERROR_MESSAGES.NO_SHIFT, 'NO_SHIFT');
  return toShiftDto(found.shift, found.guides);
}
