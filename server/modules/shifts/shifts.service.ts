import { v7 as uuidv7 } from 'uuid';
import { CUSTOMER_TYPES, countsFromList, listFromCounts, type CustomerCounts } from '../../../src/domain/customerTypes';
import {
  GUIDE_HIDDEN_MESSAGE,
  canModifySlot,
  canSeeSlot,
  noteUniqueId,
  parseNoteUniqueId,
} from '../../../src/domain/slotRules';
import { slotTotals } from '../../../src/domain/slots';
import type { GuideShiftRow, SaveShiftGuidesBody, Shift, TimeRangeBody } from '../../../src/domain/team';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import type { AuthContext } from '../../plugins/auth';
import { toBookingDto, viewerOf } from '../bookings/bookings.mapper';
import { listSlotBookings } from '../bookings/bookings.repository';
import { SLOT_LOCKED, companyOf } from '../bookings/bookings.rules';
import type { CompanySettings } from '../companies/companies.repository';
import { findMember, listTeam } from '../users/users.repository';
import {
  attendanceBySource,
  findShift,
  listMemberShifts,
  replaceShiftGuides,
  upsertShift,
  type ShiftGuideRow,
  type ShiftRow,
} from './shifts.repository';

const countsOf = (row: { adults: number; teens: number; children: number }): CustomerCounts => ({
  Adults: row.adults,
  Teens: row.teens,
  Children: row.children,
});

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
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(auth: AuthContext, shiftString: string): Promise<Shift> {
    const slot = await this.visibleSlot(auth, shiftString);
    const found = await findShift(this.db, auth.companyId, noteUniqueId(slot.day, slot.time, slot.tour));
    if (!found) throw new NotFoundError('No shift for this slot', 'NO_SHIFT');
    return toShiftDto(found.shift, found.guides);
  }

  /** Replaces the slot's guides; the totals are recomputed from the slot's live bookings. */
  async saveGuides(auth: AuthContext, shiftString: string, body: SaveShiftGuidesBody): Promise<Shift> {
    const slot = await this.visibleSlot(auth, shiftString);
    const company = await this.company(auth);
    if (!canModifySlot(auth.role, company, slot, this.now())) throw new ForbiddenError(SLOT_LOCKED, 'SLOT_LOCKED');
    const items = body.selectedGuides.selectedItems;
    if (new Set(items.map((i) => i._id)).size !== items.length) {
      throw new BadRequestError('A guide appears twice in the split', 'DUPLICATE_GUIDE');
    }
    const team = new Map((await listTeam(this.db, auth.companyId)).map((m) => [m.id, m]));
    const guides = items.map((item, position) => {
      const member = team.get(item._id);
      if (!member) throw new BadRequestError('Only members of the team can take a shift', 'UNKNOWN_GUIDE');
      const counts = countsFromList(item.attendees);
      return {
        userId: member.id,
        name: member.name,
        position,
        adults: counts.Adults,
        teens: counts.Teens,
        children: counts.Children,
      };
    });
    const totals = slotTotals(
      (await listSlotBookings(this.db, auth.companyId, slot)).map((row) =>
        toBookingDto(row, viewerOf('Manager', company)),
      ),
    ).booked;
    const key = noteUniqueId(slot.day, slot.time, slot.tour);
    await this.db.transaction(async (tx) => {
      const shiftId = await upsertShift(tx, {
        companyId: auth.companyId,
        id: uuidv7(),
        shiftString: key,
        date: slot.day,
        time: slot.time,
        tour: slot.tour,
        totalAdults: totals.Adults,
        totalTeens: totals.Teens,
        totalChildren: totals.Children,
      });
      await replaceShiftGuides(tx, auth.companyId, shiftId, guides);
    });
    return this.get(auth, key);
  }

  /** The shift report of one guide: a Guide gets only their own rows, a Manager anyone's. */
  async guideShifts(auth: AuthContext, body: TimeRangeBody): Promise<GuideShiftRow[]> {
    const { start, end } = body.timeRange;
    if (start > end) throw new BadRequestError('The range starts after it ends', 'VALIDATION');
    const member = await this.member(auth, body.guide);
    const [rows, bySource] = await Promise.all([
      listMemberShifts(this.db, auth.companyId, member.id, start, end),
      attendanceBySource(this.db, auth.companyId, member.name, start, end),
    ]);
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
  }

  /** Whose data a time-range call is about: a Guide only ever themselves. */
  async member(auth: AuthContext, requested: string | undefined): Promise<{ id: string; name: string }> {
    const id = requested ?? auth.userId;
    if (auth.role !== 'Manager' && id !== auth.userId) throw new ForbiddenError();
    const member = await findMember(this.db, auth.companyId, id);
    if (!member) throw new NotFoundError('Team member not found');
    return { id: member.id, name: member.name };
  }

  private company(auth: AuthContext): Promise<CompanySettings> {
    return companyOf(this.db, auth);
  }

  private async visibleSlot(auth: AuthContext, shiftString: string) {
    const slot = parseNoteUniqueId(shiftString);
    if (!slot) throw new BadRequestError('A shift key is day-time-tour, e.g. 2026-05-01-10:00-Old Town', 'VALIDATION');
    if (!canSeeSlot(auth.role, await this.company(auth), slot, this.now())) {
      throw new ForbiddenError(GUIDE_HIDDEN_MESSAGE, 'SLOT_HIDDEN');
    }
    return slot;
  }
}
