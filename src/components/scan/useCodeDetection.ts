import { useEffect, useRef, useState, type RefObject } from 'react';
import { createCodeReader } from './codeReader';

const SCAN_EVERY_MS = 150;
/** A code out of sight this long and back again counts as a new scan; held in view it is one. */
const SAME_CODE_MS = 2000;

/**
 * Reads codes off `video` while `active`, calling `onCode` once per code brought into view. Returns whether the
 * decoder failed to start (e.g. offline before the decoder was ever stored).
 */
export function useCodeDetection(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (code: string) => void,
): { failed: boolean } {
  const [failed, setFailed] = useState(false);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { code: '', seenAt: 0 };
    const seen = (code: string) => {
      const now = Date.now();
      const fresh = code !== last.code || now - last.seenAt > SAME_CODE_MS;
      last = { code, seenAt: now };
      if (fresh) onCodeRef.current(code);
    };
    createCodeReader().then(
      (reader) => {
        const tick = async () => {
          const element = video.current;
          if (element && element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            const codes = await reader.detect(element).catch(() => []);
            const code = codes[0]?.rawValue.trim();
            if (code && !stopped) seen(code);
          }
          if (!stopped) timer = setTimeout(tick, SCAN_EVERY_MS);
        };
        if (!stopped) void tick();
      },
      () => setFailed(true),
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [video, active]);

  return { failed };
}
