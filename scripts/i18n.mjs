// `npm run i18n:extract`: the messages src/ passes to t(), translate() and msg() become src/locales/en.json, and every
// other language's catalogue gains them untranslated ("") and loses the ones gone. `npm run i18n:check` (CI, through
// `npm run lint`) writes nothing and exits 1 on any problem, each on its own line with what to do. TRANSLATING.md.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../src/domain/languages.ts';
import {
  catalogueText,
  checkCatalogues,
  parseCatalogue,
  sourceCatalogue,
  updatedTranslation,
} from './i18nCatalogue.ts';
import { findMessages } from './i18nMessages.ts';

const mode = process.argv[2];
if (mode !== 'extract' && mode !== 'check') {
  console.error('Usage: node --import tsx scripts/i18n.mjs extract|check');
  process.exit(2);
}

const files = readdirSync('src', { recursive: true })
  .filter((name) => /\.tsx?$/.test(name))
  .sort()
  .map((name) => {
    const path = join('src', name).replaceAll('\\', '/');
    return { path, text: readFileSync(path, 'utf8') };
  });
const { messages, problems } = findMessages(files);

const catalogue = (language) => {
  const path = `src/locales/${language}.json`;
  return { path, text: existsSync(path) ? readFileSync(path, 'utf8') : null };
};
const en = catalogue('en');
const translations = LANGUAGES.filter((language) => language !== 'en').map(catalogue);

if (mode === 'extract') {
  writeFileSync(en.path, catalogueText(sourceCatalogue(messages)));
  for (const file of translations) {
    const existing = file.text === null ? {} : parseCatalogue(file.text);
    writeFileSync(file.path, catalogueText(updatedTranslation(existing, messages)));
  }
  console.log(`${messages.size} messages written to ${[en, ...translations].map((file) => file.path).join(', ')}`);
} else {
  problems.push(...checkCatalogues(messages, en, translations));
}

if (problems.length > 0) {
  problems.forEach((problem) => console.error(problem));
  console.error(`i18n ${mode}: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}
