import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'starting' | 'on' | 'refused' | 'missing';

/** The rear camera feeding the returned `video` while mounted; stopped on unmount so the camera light goes off. */
export function useCamera() {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let cancelled = false;
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) return setState('missing');
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        const name = (error as { name?: string }).name;
        return setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'missing');
      }
      if (cancelled) return stream.getTracks().forEach((each) => each.stop());
      const element = video.current;
      if (element) {
        element.srcObject = stream;
        await element.play()?.catch(() => undefined);
      }
      setTrack(stream.getVideoTracks()[0] ?? null);
      setState('on');
    }
    void start();
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((each) => each.stop());
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState('starting');
    setAttempt((n) => n + 1);
  }, []);
  return { video, state, track, retry };
}

/** Whether the camera has a light the page may switch (Chromium on Android; not in the DOM's types yet). */
export function hasTorch(track: MediaStreamTrack | null): boolean {
  const capabilities = track?.getCapabilities?.() as { torch?: boolean } | undefined;
  return Boolean(capabilities?.torch);
}

export function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  return track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}
