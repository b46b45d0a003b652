import { ALIASES_MAX } from '../../../src/domain/company';
import { toursByName } from '../../../src/domain/tourNames';
import { BadRequestError } from '../../errors';
import type { CatalogRow } from './catalog.repository';

type Aliases = ReadonlyMap<string, readonly string[]>;

/** The tours with their other names, each name leading to one tour. */
const owners = (entries: readonly CatalogRow[], aliases: Aliases) =>
  toursByName(entries.map((entry) => ({ ...entry, aliases: aliases.get(entry.id) ?? [] })));

/** What another tour calls `name` (its own name or an other name), for the refusal. */
const heldAs = (owner: CatalogRow, lower: string) =>
  owner.label.toLowerCase() === lower ? `the tour ${owner.label}` : `another name of ${owner.label}`;

/**
 * A tour's other names as kept: trimmed, each once whatever its case, without the tour's own name. A file's or a
 * channel's tour name must lead to one tour, so none may be another tour's name or other name.
 */
export function checkedAliases(
  tour: { id: string; label: string },
  wanted: readonly string[],
  entries: readonly CatalogRow[],
  aliases: Aliases,
  field: 'aliases' | 'addAlias' = 'aliases',
): string[] {
  const index = owners(entries, aliases);
  const kept = new Map<string, string>();
  for (const name of wanted) {
    const lower = name.toLowerCase();
    if (kept.has(lower) || lower === tour.label.toLowerCase()) continue;
    const owner = index.get(lower);
    if (owner && owner.id !== tour.id) {
      throw new BadRequestError(`${field}: "${name}" is already ${heldAs(owner, lower)}`, 'NAME_TAKEN');
    }
    kept.set(lower, name);
  }
  if (kept.size > ALIASES_MAX) {
    throw new BadRequestError(`${field}: A tour has at most ${ALIASES_MAX} other names`, 'VALIDATION');
  }
  return [...kept.values()];
}

/** The tour other than `except` that goes by `label` as an other name, which a new or renamed tour must not take. */
export function tourAliasing(
  label: string,
  entries: readonly CatalogRow[],
  aliases: Aliases,
  except?: string,
): CatalogRow | undefined {
  const lower = label.toLowerCase();
  const owner = owners(entries, aliases).get(lower);
  return owner && owner.id !== except && owner.label.toLowerCase() !== lower ? owner : undefined;
}
