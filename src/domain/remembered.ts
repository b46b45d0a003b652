/**
 * Answers of a pure function, kept by key: the server asks for the same few zone computations (slot starts, the
 * first instant of a day) on every read, and date-fns-tz asks Intl for a zone's offset, a few µs each time. Bounded:
 * when full it forgets everything at once.
 */
export class Remembered<T> {
  private readonly values = new Map<string, T>();

  constructor(private readonly limit: number) {}

  get(key: string, compute: () => T): T {
    let value = this.values.get(key);
    if (value === undefined) {
      value = compute();
      if (this.values.size >= this.limit) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }
}
