/** One dispatched server-sent event: its `event:` name ('message' without one) and its joined `data:` lines. */
export interface SseEvent {
  type: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text, cut anywhere (mid-line, between CR and LF). */
  push(text: string): void;
  /** The last id a complete frame set, to resume from; frames without data set it too. */
  readonly lastEventId: string;
}

/**
 * The event-stream format of the WHATWG HTML spec (§9.2.6): lines end in CRLF, LF or CR; a blank line dispatches;
 * lines starting with ':' are comments. The stream's `retry:` is ignored: the client keeps its own backoff.
 */
export function sseParser(onEvent: (event: SseEvent) => void, lastEventId = ''): SseParser {
  let pending = '';
  let afterCR = false;
  let type = '';
  let data: string[] = [];
  let idBuffer = lastEventId;
  let committedId = lastEventId;

  const line = (text: string) => {
    if (text === '') {
      committedId = idBuffer;
      if (data.length > 0) onEvent({ type: type || 'message', data: data.join('\n') });
      type = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) idBuffer = value;
  };

  return {
    push(text) {
      if (text === '') return;
      // A CR ending the previous piece ended its line already: an LF starting this one belongs to that ending.
      pending += afterCR && text.startsWith('\n') ? text.slice(1) : text;
      afterCR = text.endsWith('\r');
      const lines = pending.split(/\r\n|\r|\n/);
      pending = lines.pop() ?? '';
      lines.forEach(line);
    },
    get lastEventId() {
      return committedId;
    },
  };
}
