import { Client } from 'pg';

export interface Listener {
  /** Called with each NOTIFY payload on the channel. */
  onNotify(payload: string): void;
  /** Called when a lost connection is back: notifications sent meanwhile were missed, read the log again. */
  onReconnect(): void;
  /** Called when the connection is lost, before it is opened again. */
  onLost?(): void;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;

/**
 * LISTEN on one dedicated PostgreSQL connection per process, opened again (with backoff) whenever it is lost.
 * Resolves once listening; the function it answers stops for good.
 */
export async function listenPostgres(
  url: string,
  role: string,
  channel: string,
  listener: Listener,
): Promise<() => Promise<void>> {
  let client: Client | null = null;
  let stopped = false;
  let delay = RETRY_MIN_MS;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, options: `-c role=${role}` });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      client = null;
      listener.onLost?.();
      setTimeout(reconnect, delay);
      delay = Math.min(delay * 2, RETRY_MAX_MS);
    };
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) listener.onNotify(message.payload);
    });
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (err) {
      onLost();
      await next.end().catch(() => undefined);
      throw err;
    }
    client = next;
    delay = RETRY_MIN_MS;
  };
  const reconnect = () => {
    if (stopped) return;
    connect().then(
      () => listener.onReconnect(),
      () => undefined, // the next attempt is scheduled
    );
  };

  try {
    await connect();
  } catch (err) {
    stopped = true;
    throw err;
  }
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}
