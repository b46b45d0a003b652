import { importStatus } from '../../src/domain/imports';
import { importUndoDeadline, importUndoState, type ImportUndoFacts } from '../../src/domain/importUndo';

const endedAt = new Date('2026-11-12T09:00:00Z');
const facts = (over: Partial<ImportUndoFacts> = {}): ImportUndoFacts => ({
  endedAt,
  running: false,
  recorded: true,
  undone: false,
  changedSince: 0,
  ...over,
});

describe('importUndoState', () => {
  it.each([
    ['a minute after it ended', facts(), '2026-11-12T09:01:00Z', 'possible'],
    ['at the 24th hour exactly', facts(), '2026-11-13T09:00:00Z', 'possible'],
    ['a second past the 24 hours', facts(), '2026-11-13T09:00:01Z', 'expired'],
    ['with a booking checked in or changed since', facts({ changedSince: 1 }), '2026-11-12T10:00:00Z', 'changed'],
    [
      'undone already, even with changes since',
      facts({ undone: true, changedSince: 3 }),
      '2026-11-12T10:00:00Z',
      'undone',
    ],
    ['undone already, past the 24 hours', facts({ undone: true }), '2026-11-20T10:00:00Z', 'undone'],
    ['past the 24 hours, with changes since', facts({ changedSince: 2 }), '2026-11-14T10:00:00Z', 'expired'],
    ['recorded before undo existed', facts({ recorded: false }), '2026-11-12T09:01:00Z', 'unavailable'],
    ['still running', facts({ running: true }), '2026-11-12T09:01:00Z', 'running'],
  ])('%s: %s', (_label, input, now, state) => {
    expect(importUndoState(input, new Date(now))).toBe(state);
  });

  it('allows undo until 24 hours after the end', () => {
    expect(importUndoDeadline(endedAt).toISOString()).toBe('2026-11-13T09:00:00.000Z');
  });
});

describe('importStatus', () => {
  const aliveAt = new Date('2026-11-12T09:00:00Z');
  it.each([
    ['running', 'heard of 60 seconds ago', '2026-11-12T09:01:00Z', 'running'],
    ['running', 'silent for 61 seconds', '2026-11-12T09:01:01Z', 'interrupted'],
    ['finished', 'ended long ago', '2026-11-20T09:00:00Z', 'finished'],
    ['stopped', 'ended long ago', '2026-11-20T09:00:00Z', 'stopped'],
    ['interrupted', 'closed by its undo', '2026-11-12T09:00:10Z', 'interrupted'],
  ] as const)('recorded %s, %s: %s', (recorded, _label, now, status) => {
    expect(importStatus(recorded, aliveAt, new Date(now))).toBe(status);
  });
});
