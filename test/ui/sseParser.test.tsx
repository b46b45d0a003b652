import { sseParser, type SseEvent } from '../../src/services/live/sseParser';

/** Feeds `pieces` in order; returns the events dispatched and the parser. */
function parse(pieces: string[], lastEventId?: string) {
  const events: SseEvent[] = [];
  const parser = sseParser((event) => events.push(event), lastEventId);
  pieces.forEach((piece) => parser.push(piece));
  return { events, parser };
}

/** Every way of cutting `text` in two. */
const cutsOf = (text: string) => Array.from({ length: text.length + 1 }, (_, i) => [text.slice(0, i), text.slice(i)]);

describe('the event-stream parser', () => {
  it('dispatches a frame at its blank line, with its id, event name and data', () => {
    const { events, parser } = parse(['id: 7\nevent: reset\ndata: {}\n\n']);
    expect(events).toEqual([{ type: 'reset', data: '{}' }]);
    expect(parser.lastEventId).toBe('7');
  });

  it("names a frame without an event line 'message'", () => {
    expect(parse(['data: {"id":1}\n\n']).events).toEqual([{ type: 'message', data: '{"id":1}' }]);
  });

  it('gives the same events however the text is cut into chunks', () => {
    const text = 'id: 1\ndata: {"a":1}\n\n: heartbeat\n\nid: 2\r\nevent: renew\r\ndata: x\r\n\r\nid: 3\rdata: y\r\r';
    const whole = parse([text]);
    expect(whole.events).toEqual([
      { type: 'message', data: '{"a":1}' },
      { type: 'renew', data: 'x' },
      { type: 'message', data: 'y' },
    ]);
    for (const pieces of cutsOf(text)) {
      const cut = parse(pieces);
      expect(cut.events).toEqual(whole.events);
      expect(cut.parser.lastEventId).toBe('3');
    }
    const oneByOne = parse([...text]);
    expect(oneByOne.events).toEqual(whole.events);
  });

  it('reads CRLF, CR and LF line endings alike, a CR and its LF split between chunks included', () => {
    expect(parse(['data: a\r', '\n\r', '\n']).events).toEqual([{ type: 'message', data: 'a' }]);
    expect(parse(['data: a\r\r']).events).toEqual([{ type: 'message', data: 'a' }]);
    expect(parse(['data: a\r\n\r\n']).events).toEqual([{ type: 'message', data: 'a' }]);
  });

  it('ignores comments (heartbeats) and unknown fields', () => {
    const { events } = parse([': keep-alive\n\n', ':\n', 'foo: bar\nretry: 1000\ndata: z\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'z' }]);
  });

  it('moves the last id on for a frame with an id and no data, without dispatching', () => {
    const { events, parser } = parse(['id: 41\n\n', 'id: 42\n\n']);
    expect(events).toEqual([]);
    expect(parser.lastEventId).toBe('42');
  });

  it('keeps the last id until a blank line completes its frame', () => {
    const { parser } = parse(['id: 5\n\nid: 6\ndata: half'], '4');
    expect(parser.lastEventId).toBe('5');
  });

  it('starts from the id it resumes after, and keeps it across frames without an id', () => {
    const { parser } = parse(['data: a\n\n'], '9');
    expect(parser.lastEventId).toBe('9');
  });

  it('joins multi-line data with newlines and drops one leading space only', () => {
    const { events } = parse(['data: first\ndata:  second\ndata\ndata:third\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'first\n second\n\nthird' }]);
  });

  it('ignores an id containing NUL', () => {
    const { parser } = parse(['id: 3\n\nid: 4\0x\n\n']);
    expect(parser.lastEventId).toBe('3');
  });

  it('resets the event name after each frame', () => {
    const { events } = parse(['event: reset\ndata: {}\n\ndata: next\n\n']);
    expect(events).toEqual([
      { type: 'reset', data: '{}' },
      { type: 'message', data: 'next' },
    ]);
  });
});
