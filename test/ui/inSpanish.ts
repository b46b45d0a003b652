import { act } from '@testing-library/react';
import { setLanguage } from '../../src/services/i18n/language';
import { englishAmong } from '../i18n/englishMessages';

/** The screens from now on in Spanish, as a member whose language is Spanish sees them (test/ui/setup.ts resets it). */
export async function inSpanish(): Promise<void> {
  await act(() => setLanguage('es'));
}

/** Every text on screen (text, labels, titles, placeholders, the tab's title) that is an English message Spanish words otherwise. */
export function englishLeft(root: HTMLElement = document.body): string[] {
  const texts = [document.title.replace(/ · Tourdesk$/, '')];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  // Text marked as another language (the language switch's "English") is meant to read as it does.
  const meant = (node: Node) => (node.parentElement?.closest('[lang]')?.getAttribute('lang') ?? 'es') !== 'es';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!meant(node)) texts.push(node.nodeValue ?? '');
  root.querySelectorAll('[aria-label],[title],[placeholder],[alt]').forEach((element) => {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(element.getAttribute(name) ?? '');
  });
  return englishAmong(texts);
}
