import type { ScanKind } from './scanResult';

/** A rising tone and one buzz for a booking to check in; a low one and a double buzz for anything else. */
const FEEDBACK: Record<ScanKind, { hz: number; vibrate: number[] }> = {
  found: { hz: 1320, vibrate: [80] },
  checkedIn: { hz: 880, vibrate: [80] },
  otherSlot: { hz: 660, vibrate: [80, 60, 80] },
  notFound: { hz: 330, vibrate: [200, 80, 200] },
  hidden: { hz: 330, vibrate: [200, 80, 200] },
};

let audio: AudioContext | undefined;

/** A scan's answer is heard and felt as well as seen: the guide's eyes are on the voucher, not the screen. */
export function playScanFeedback(kind: ScanKind): void {
  const { hz, vibrate } = FEEDBACK[kind];
  if (typeof navigator.vibrate === 'function') navigator.vibrate(vibrate);
  if (typeof window.AudioContext !== 'function') return;
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = hz;
    gain.gain.setValueAtTime(0.2, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.15);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.15);
  } catch {
    // Sound is a courtesy: a browser that refuses it still shows and vibrates.
  }
}
