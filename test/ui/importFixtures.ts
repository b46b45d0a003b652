import { http, HttpResponse } from 'msw';
import type { PastImport, RefusedChange } from '../../src/domain/schemas/imports';
import { apiUrl } from './fixtures';

/** An import as Recent imports lists it (at 09:59 in UTC: 10:59 in Madrid), one that may still be undone. */
export const pastImport = (over: Partial<PastImport> = {}): PastImport => ({
  _id: '0197a1b2-0000-7000-8000-000000000001',
  at: '2026-11-12T09:59:00Z',
  by: 'Maria Manager',
  fileName: 'viator.csv',
  status: 'finished',
  created: 1,
  updated: 0,
  cancelled: 0,
  rejected: 1,
  undo: 'possible',
  undoUntil: '2026-11-13T09:59:00Z',
  changedSince: 0,
  undone: null,
  ...over,
});

/** The import page's list of changes refused for check-ins: none unless told. */
export const refusedChangesRoute = (list: RefusedChange[] = []) =>
  http.get(apiUrl('/api/imports/refused-changes'), () => HttpResponse.json(list));
