import { act } from '@testing-library/react';
import en from '../../src/locales/en.json';
import es from '../../src/locales/es.json';
import { setLanguage } from '../../src/services/i18n/language';

/** The screens from now on in Spanish, as a member whose language is Spanish sees them (test/ui/setup.ts resets it). */
export async function inSpanish(): Promise<void> {
  await act(() => setLanguage('es'));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An English message as a pattern of what it can read on screen: a placeholder reads as anything, `#` as a number. */
function pattern(message: string, inPlural = false): string {
  let out = '';
  for (let at = 0; at < message.length;) {
    const open = message.indexOf('{', at);
    const end = open < 0 ? message.length : open;
    out += message
      .slice(at, end)
      .split('#')
      .map(escape)
      .join(inPlural ? '[\\d.,\\s]+' : '#');
    if (open < 0) break;
    let depth = 0;
    let close = open;
    do depth += message[close] === '{' ? 1 : message[close] === '}' ? -1 : 0;
    while (depth > 0 && ++close < message.length);
    const inner = message.slice(open + 1, close);
    const choice = /^\s*\w+\s*,\s*(plural|select)\s*,/.exec(inner);
    if (!choice) out += '.+?';
    else {
      const cases = [...inner.slice(choice[0].length).matchAll(/\s*[=\w]+\s*\{/g)].map((m) => {
        let d = 1;
        let i = m.index + m[0].length;
        const from = i;
        for (; d > 0; i++) d += inner[i] === '{' ? 1 : inner[i] === '}' ? -1 : 0;
        return inner.slice(from, i - 1);
      });
      out += `(?:${cases.map((body) => pattern(body, inPlural || choice[1] === 'plural')).join('|')})`;
    }
    at = close + 1;
  }
  return out;
}

// Messages Spanish words differently, as patterns; those with no letters of their own ("{name}") match anything.
const english = Object.keys(en)
  .filter((message) => (es as Record<string, string>)[message] && (es as Record<string, string>)[message] !== message)
  .filter((message) => /[A-Za-z]{2}/.test(message.replace(/\{[^{}]*\}/g, '')))
  .map((message) => ({ message, re: new RegExp(`^${pattern(message)}$`) }));

/** Every text on screen (text, labels, titles, placeholders, the tab's title) that is an English message Spanish words otherwise. */
export function englishLeft(root: HTMLElement = document.body): string[] {
  const texts = [document.title.replace(/ · Tourdesk$/, '')];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.nodeValue ?? '');
  root.querySelectorAll('[aria-label],[title],[placeholder],[alt]').forEach((element) => {
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) texts.push(element.getAttribute(name) ?? '');
  });
  const left = new Set<string>();
  for (const text of texts.map((t) => t.trim()).filter(Boolean)) {
    const found = english.find(({ re }) => re.test(text));
    if (found) left.add(`"${text}" (${found.message})`);
  }
  return [...left];
}
