/**
 * Things open at once per key in this process (downloads, live streams): a new one takes a place under each of its
 * keys, or none when any of them is at its cap. Counted in memory: per process, like the connections they count.
 */
export class OpenCounts {
  private readonly counts = new Map<string, number>();

  /** A place under every key, or null when one is full; the returned function gives them back (once). */
  take(caps: ReadonlyArray<readonly [key: string, max: number]>): (() => void) | null {
    if (caps.some(([key, max]) => (this.counts.get(key) ?? 0) >= max)) return null;
    for (const [key] of caps) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const [key] of caps) {
        const left = (this.counts.get(key) ?? 1) - 1;
        if (left > 0) this.counts.set(key, left);
        else this.counts.delete(key);
      }
    };
  }
}
