import { v7 as uuidv7 } from 'uuid';
import { WALKIN_SOURCE, type Company } from '../../../src/domain/company';
import type { CatalogChange } from '../../../src/domain/schemas/company';
import type { Db } from '../../db/client';
import { sources, tours } from '../../db/schema';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, NotFoundError } from '../../errors';
import {
  bookingsName,
  insertEntry,
  listEntries,
  listTourAliases,
  lockCatalog,
  renameInBookings,
  renameTourInSlots,
  replaceScanPattern,
  setTourAliases,
  updateEntry,
  type CatalogRow,
} from './catalog.repository';
import { recordEvents } from '../eventLog/eventLog';
import { findCompany } from './companies.repository';
import { checkedAliases, tourAliasing } from './tourAliases';

export type CatalogKind = 'tour' | 'source';

const TABLE = { tour: tours, source: sources } as const;
const LABEL = { tour: 'Tour', source: 'Source' } as const;

const notFound = (kind: CatalogKind) =>
  new NotFoundError(
    kind === 'tour' ? 'Tour not found' : 'Source not found',
    kind === 'tour' ? 'TOUR_NOT_FOUND' : 'SOURCE_NOT_FOUND',
  );

/** A short key from a name, unique in the list ("Old Town Walk" → "old-town-walk", then "old-town-walk-2"). */
function keyFor(label: string, entries: CatalogRow[]): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'entry';
  const taken = new Set(entries.map((e) => e.key));
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  return key;
}

/**
 * A Manager's tours and sources (the routes check the role). Names are unique per company whatever their
 * case; a rename carries every booking (and so every report), and a tour's notes and shifts, with it; an archived
 * entry is offered for no new booking but stays on the old ones. `Walkin`, the default source, always exists.
 */
export class CatalogService {
  constructor(private readonly tenancy: Tenancy) {}

  add(caller: Caller, companyId: string, kind: CatalogKind, label: string): Promise<Company> {
    return this.inCompany(caller, companyId, kind, async (tx, entries, aliases) => {
      // Bookings that already name it (kept from before the list had it) simply come under the new entry.
      await assertFreeName(tx, kind, caller.companyId, label, entries, aliases);
      const position = entries.reduce((max, e) => Math.max(max, e.position + 1), 0);
      const row = { companyId: caller.companyId, id: uuidv7(), key: keyFor(label, entries), label, position };
      await insertEntry(tx, TABLE[kind], row);
      return { after: { [LABEL[kind]]: label } };
    });
  }

  change(caller: Caller, companyId: string, kind: CatalogKind, ref: string, change: CatalogChange): Promise<Company> {
    return this.inCompany(caller, companyId, kind, async (tx, entries, aliases) => {
      const entry = entries.find((e) => e.id === ref || e.key === ref);
      if (!entry) throw notFound(kind);
      const table = TABLE[kind];
      if (kind === 'source' && entry.label === WALKIN_SOURCE) {
        if (change.label !== undefined && change.label !== WALKIN_SOURCE) {
          throw new BadRequestError(
            'label: Walkin is the default source of a new booking and keeps its name',
            'VALIDATION',
          );
        }
        if (change.archived)
          throw new BadRequestError('archived: Walkin is the default source and stays', 'VALIDATION');
      }
      if (change.label !== undefined && change.label !== entry.label) {
        // Onto a name bookings already carry, a rename would merge them into this one: refused too.
        await assertFreeName(tx, kind, caller.companyId, change.label, entries, aliases, entry);
        await updateEntry(tx, table, caller.companyId, entry.id, { label: change.label });
        await renameInBookings(tx, kind, caller.companyId, entry.label, change.label);
        if (kind === 'tour') await renameTourInSlots(tx, caller.companyId, entry.label, change.label);
      }
      const namesAsked = change.aliases !== undefined || change.addAlias !== undefined;
      if (namesAsked && kind !== 'tour') {
        const field = change.aliases !== undefined ? 'aliases' : 'addAlias';
        throw new BadRequestError(`${field}: only tours have other names`, 'VALIDATION');
      }
      const aliasesBefore = aliases.get(entry.id) ?? [];
      let aliasesAfter: readonly string[] = aliasesBefore;
      const label = change.label ?? entry.label;
      if (kind === 'tour' && (namesAsked || label !== entry.label)) {
        // Renamed onto one of its other names, a tour drops that name: it goes by it anyway. One name added goes
        // onto the names it has now (read under the lock), not onto a page's older copy.
        const wanted = [...(change.aliases ?? aliasesBefore), ...(change.addAlias ? [change.addAlias] : [])];
        const field = change.aliases === undefined && change.addAlias !== undefined ? 'addAlias' : 'aliases';
        aliasesAfter = checkedAliases({ id: entry.id, label }, wanted, entries, aliases, field);
        await setTourAliases(tx, caller.companyId, entry.id, [...aliasesAfter]);
      }
      const aliasesChanged = aliasesAfter.join('\n') !== aliasesBefore.join('\n');
      let patterns: { before: string | null; after: string | null } | undefined;
      if (change.scanPattern !== undefined) {
        if (kind !== 'source') throw new BadRequestError('scanPattern: only sources have a scan pattern', 'VALIDATION');
        const after = change.scanPattern || null;
        patterns = { before: await replaceScanPattern(tx, caller.companyId, entry.id, after), after };
      }
      if (change.archived !== undefined) {
        await updateEntry(tx, table, caller.companyId, entry.id, { archivedAt: change.archived ? new Date() : null });
      }
      if (change.position !== undefined) {
        const others = entries.filter((e) => e.id !== entry.id);
        others.splice(Math.min(change.position, others.length), 0, entry);
        for (const [position, e] of others.entries()) {
          if (e.position !== position) await updateEntry(tx, table, caller.companyId, e.id, { position });
        }
      }
      const facts = (label: string, archived: boolean, position: number, otherNames: readonly string[]) => ({
        [LABEL[kind]]: label,
        Archived: archived,
        Position: position,
        ...((namesAsked || aliasesChanged) && { 'Other names': otherNames.join(' · ') }),
      });
      const scanPattern = (side: 'before' | 'after') => patterns && { 'Scan pattern': patterns[side] };
      return {
        before: {
          ...facts(entry.label, entry.archivedAt !== null, entry.position, aliasesBefore),
          ...scanPattern('before'),
        },
        after: {
          ...facts(
            change.label ?? entry.label,
            change.archived ?? entry.archivedAt !== null,
            change.position ?? entry.position,
            aliasesAfter,
          ),
          ...scanPattern('after'),
        },
      };
    });
  }

  /** Runs `work` on the caller's company (another company's id reads as an entry that does not exist here). */
  private inCompany(
    caller: Caller,
    companyId: string,
    kind: CatalogKind,
    work: (
      tx: Db,
      entries: CatalogRow[],
      aliases: ReadonlyMap<string, readonly string[]>,
    ) => Promise<{ before?: unknown; after: unknown }>,
  ): Promise<Company> {
    if (companyId !== caller.companyId) throw notFound(kind);
    return this.tenancy.runAs(caller, async (tx, auth) => {
      // One change of the lists at a time: two other names given at once to two tours must not both pass.
      await lockCatalog(tx, auth.companyId);
      const entries = await listEntries(tx, TABLE[kind], auth.companyId);
      const aliases = kind === 'tour' ? await listTourAliases(tx, auth.companyId) : new Map<string, string[]>();
      const facts = await work(tx, entries, aliases);
      await recordEvents(tx, auth, [{ kind: 'company.catalogChanged', ...facts }]);
      const company = await findCompany(tx, auth.companyId);
      if (!company) throw notFound(kind);
      return company;
    });
  }
}

/**
 * Another entry of the list (any case), or another tour's other name, makes a name taken; for a rename of `renamed`,
 * so do bookings naming it.
 */
async function assertFreeName(
  tx: Db,
  kind: CatalogKind,
  companyId: string,
  label: string,
  entries: CatalogRow[],
  aliases: ReadonlyMap<string, readonly string[]>,
  renamed?: CatalogRow,
): Promise<void> {
  const aliasing = tourAliasing(label, entries, aliases, renamed?.id);
  if (aliasing) {
    throw new BadRequestError(`label: ${label} is another name of the tour ${aliasing.label}`, 'NAME_TAKEN');
  }
  const clash = entries.some((e) => e.id !== renamed?.id && e.label.toLowerCase() === label.toLowerCase());
  const merges = renamed !== undefined && (await bookingsName(tx, kind, companyId, label));
  if (clash || merges) {
    throw new BadRequestError(`label: ${label} is already a ${kind} of this company`, 'NAME_TAKEN');
  }
}
