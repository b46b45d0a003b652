/** A tour as channels may name it: its own name and its other names (Settings › Tours). */
export interface NamedTour {
  label: string;
  aliases: readonly string[];
}

/**
 * Each name a tour goes by, in lower case (files spell names any way), to the tour. The catalog keeps every name
 * unique by this same folding, so each leads to one tour; a tour's own name wins should old data disagree.
 */
export function toursByName<T extends NamedTour>(tours: readonly T[]): Map<string, T> {
  const index = new Map<string, T>();
  for (const tour of tours) for (const name of tour.aliases) index.set(name.toLowerCase(), tour);
  for (const tour of tours) index.set(tour.label.toLowerCase(), tour);
  return index;
}
