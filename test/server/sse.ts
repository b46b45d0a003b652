/** One server-sent event frame as the test reads it (comments are dropped). */
export interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

export interface TestStream {
  status: number;
  /** The next frame that matches, reading on as needed; fails if the stream ends first. */
  next(match?: (frame: Frame) => boolean): Promise<Frame>;
  /** Every frame until the server ends the stream. */
  rest(): Promise<Frame[]>;
  close(): void;
}

function parseFrame(text: string): Frame | null {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const [field, ...value] = line.split(': ');
    const joined = value.join(': ');
    if (field === 'data') frame.data = frame.data === undefined ? joined : `${frame.data}\n${joined}`;
    else if (field === 'id' || field === 'event') frame[field] = joined;
  }
  return Object.keys(frame).length > 0 ? frame : null;
}

/** GET /api/events over a real socket, read frame by frame. */
export async function openStream(baseUrl: string, headers: Record<string, string>): Promise<TestStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, { headers, signal: abort.signal });
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const frames: Frame[] = [];
  const read = async (): Promise<boolean> => {
    const chunk = await reader?.read().catch(() => ({ done: true, value: undefined }));
    if (!chunk || chunk.done) return false;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = parseFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (frame) frames.push(frame);
    }
    return true;
  };
  return {
    status: res.status,
    async next(match = () => true) {
      for (;;) {
        const index = frames.findIndex(match);
        if (index >= 0) return frames.splice(0, index + 1).at(-1) as Frame;
        if (!(await read())) throw new Error(`the stream ended before the frame; unread: ${JSON.stringify(frames)}`);
      }
    },
    async rest() {
      while (await read());
      return frames.splice(0);
    },
    close: () => abort.abort(),
  };
}

export const dataOf = <T>(frame: Frame): T => JSON.parse(frame.data ?? 'null') as T;
export const hasData = (frame: Frame): boolean => frame.data !== undefined && frame.event === undefined;
