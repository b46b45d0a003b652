import { useState } from 'react';

const storageKey = (key: string) => `tourdesk:${key}`;

/** A choice this browser kept (localStorage), or the fallback when none, an unknown one, or no storage. */
export function readStoredChoice<T extends string>(key: string, choices: readonly T[], fallback: T): T {
  try {
    const stored = localStorage.getItem(storageKey(key));
    return choices.find((choice) => choice === stored) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Keeps a choice for the next visit; a browser that refuses storage (private mode, full) keeps it for this one only. */
export function storeChoice(key: string, choice: string): void {
  try {
    localStorage.setItem(storageKey(key), choice);
  } catch {
    // The choice still holds on screen; it is only not remembered.
  }
}

/** State that starts as this browser's last choice and is remembered whenever it changes. */
export function useStoredChoice<T extends string>(key: string, choices: readonly T[], fallback: T) {
  const [choice, setChoice] = useState(() => readStoredChoice(key, choices, fallback));
  const choose = (next: T) => {
    storeChoice(key, next);
    setChoice(next);
  };
  return [choice, choose] as const;
}
