import { BadRequestError } from '../../errors';
import type { CatalogRow } from './catalog.repository';

const taken = (name: string, what: string) =>
  new BadRequestError(`aliases: "${name}" is already ${what}`, 'NAME_TAKEN');

/**
 * A tour's other names as kept: trimmed, each once whatever its case. A file's or a channel's tour name must lead to
 * one tour, so none may be a tour's name or another tour's other name.
 */
export function checkedAliases(
  tour: { id: string; label: string },
  wanted: readonly string[],
  entries: readonly CatalogRow[],
  aliases: ReadonlyMap<string, readonly string[]>,
): string[] {
  const kept = new Map<string, string>();
  for (const name of wanted) if (!kept.has(name.toLowerCase())) kept.set(name.toLowerCase(), name);
  for (const [lower, name] of kept) {
    if (lower === tour.label.toLowerCase()) throw taken(name, "this tour's name");
    const named = entries.find((e) => e.id !== tour.id && e.label.toLowerCase() === lower);
    if (named) throw taken(name, `the tour ${named.label}`);
    const other = entries.find(
      (e) => e.id !== tour.id && aliases.get(e.id)?.some((alias) => alias.toLowerCase() === lower),
    );
    if (other) throw taken(name, `another name of ${other.label}`);
  }
  return [...kept.values()];
}

/** The tour whose other names include `label` (any case), which a new name must not repeat. */
export function tourAliasing(
  label: string,
  entries: readonly CatalogRow[],
  aliases: ReadonlyMap<string, readonly string[]>,
): CatalogRow | undefined {
  const lower = label.toLowerCase();
  return entries.find((e) => aliases.get(e.id)?.some((alias) => alias.toLowerCase() === lower));
}
