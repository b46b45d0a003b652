import { departuresOn, isoWeekday, type Timetable } from '../../src/domain/timetable';

const walk = { tourId: 'walk', validFrom: '2026-01-01', validUntil: null, capacity: null };
const timetable: Timetable = {
  departures: [
    { ...walk, weekdays: [1, 2, 3, 4, 5, 6, 7], time: '16:00' },
    { ...walk, weekdays: [1, 2, 3, 4, 5, 6, 7], time: '10:00' },
    {
      tourId: 'tapas',
      weekdays: [4, 5, 6],
      time: '19:30',
      validFrom: '2026-04-01',
      validUntil: '2026-10-31',
      capacity: 25,
    },
  ],
  exceptions: [
    { tourId: 'walk', date: '2026-06-18', time: '16:00', kind: 'cancelled', capacity: null },
    { tourId: 'walk', date: '2026-06-18', time: '12:00', kind: 'extra', capacity: 10 },
  ],
};
const on = (day: string) => departuresOn(day, timetable).map((d) => `${d.time} ${d.tourId} ${d.capacity ?? '-'}`);

describe('departuresOn', () => {
  it('knows the weekday of a calendar day', () => {
    expect(['2026-06-15', '2026-06-18', '2026-06-21'].map(isoWeekday)).toEqual([1, 4, 7]);
  });

  it('lists the weekly departures that hold that day, in time order', () => {
    expect(on('2026-06-15')).toEqual(['10:00 walk -', '16:00 walk -']);
    expect(on('2026-06-19')).toEqual(['10:00 walk -', '16:00 walk -', '19:30 tapas 25']);
    // Outside Tapas's dates, and before the walk's first day.
    expect(on('2026-11-05')).toEqual(['10:00 walk -', '16:00 walk -']);
    expect(on('2025-12-31')).toEqual([]);
  });

  it("applies the day's exceptions: a cancelled departure goes, an extra one comes", () => {
    expect(on('2026-06-18')).toEqual(['10:00 walk -', '12:00 walk 10', '19:30 tapas 25']);
  });

  it('keeps the wall-clock time on both sides of a DST change', () => {
    expect(['2026-03-28', '2026-03-29', '2026-10-25'].map(on)).toEqual([
      ['10:00 walk -', '16:00 walk -'],
      ['10:00 walk -', '16:00 walk -'],
      ['10:00 walk -', '16:00 walk -'],
    ]);
  });
});
