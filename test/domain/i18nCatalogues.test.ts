import {
  catalogueText,
  checkCatalogues,
  sourceCatalogue,
  updatedTranslation,
  type Catalogue,
} from '../../scripts/i18nCatalogue';
import { findMessages, type SourceMessages } from '../../scripts/i18nMessages';

const BOOKINGS = '{count, plural, =0 {No bookings} one {# booking} other {# bookings}}';
const ROLE = '{name} is {role, select, manager {a manager} other {a guide}}';
const SOURCE: SourceMessages = new Map([
  ['Check in', 'src/features/slot/CheckInPanel.tsx:40'],
  [BOOKINGS, 'src/features/bookings/DailyBookingsPage.tsx:12'],
  [ROLE, 'src/features/team/TeamPage.tsx:30'],
]);
const ES: Catalogue = {
  'Check in': 'Registrar',
  [BOOKINGS]: '{count, plural, =0 {Ninguna reserva} one {# reserva} other {# reservas}}',
  [ROLE]: '{name} es {role, select, manager {responsable} other {guía}}',
};

const EN_PATH = 'src/locales/en.json';
const ES_PATH = 'src/locales/es.json';
const check = (es: Catalogue, source = SOURCE, enText = catalogueText(sourceCatalogue(source))) =>
  checkCatalogues(source, { path: EN_PATH, text: enText }, [{ path: ES_PATH, text: catalogueText(es) }]);
const withSpanish = (message: string, translation: string) => check({ ...ES, [message]: translation });

describe('i18n:check', () => {
  it('passes catalogues that match the source and translate every message', () => {
    expect(check(ES)).toEqual([]);
  });

  it('reports a message the translation lacks, one left empty, and one the source no longer has', () => {
    const { 'Check in': _missing, ...rest } = ES;
    expect(check(rest)).toEqual([`${ES_PATH}: "Check in" is missing: run \`npm run i18n:extract\`, then translate it`]);
    expect(withSpanish('Check in', '')).toEqual([expect.stringContaining('"Check in" → "" is not translated yet')]);
    expect(withSpanish('Check out', 'Salida')).toEqual([
      expect.stringContaining('"Check out" → "Salida" is no longer in the source: run `npm run i18n:extract`'),
    ]);
  });

  it('reports a translation that is not ICU, and a source message that is not, where it is written', () => {
    expect(withSpanish('Check in', 'Registrar {nombre')).toEqual([
      expect.stringContaining('"Check in" → "Registrar {nombre" is not valid ICU (EXPECT_ARGUMENT_CLOSING_BRACE)'),
    ]);
    const broken = new Map([['{count, plural, one {# booking} other {# bookings}', 'src/x.tsx:3']]);
    expect(check({ [broken.keys().next().value!]: 'x' }, broken)).toEqual([
      expect.stringMatching(/^src\/x\.tsx:3: ".*" is not valid ICU/),
    ]);
  });

  it('reports a plural or select without "other", in the source or a translation', () => {
    const noOther = '{count, plural, one {# reserva} many {# reservas}}';
    const problem = 'has a plural or select without an "other" case: add one';
    expect(withSpanish(BOOKINGS, noOther)).toEqual([`${ES_PATH}: "${BOOKINGS}" → "${noOther}" ${problem}`]);
    const guide = '{role, select, guide {Guide}}';
    const guía = '{role, select, guide {Guía}}';
    expect(check({ [guide]: guía }, new Map([[guide, 'src/x.tsx:8']]))).toEqual([
      `src/x.tsx:8: "${guide}" ${problem}`,
      `${ES_PATH}: "${guide}" → "${guía}" ${problem}`,
    ]);
  });

  it.each([
    ['{count, number} bookings', 'formats {count} inside the message'],
    ['Booked on {day, date, short}', 'formats {day} inside the message'],
    ['{n, selectordinal, one {#st} other {#th}} departure', 'uses {n, selectordinal}'],
    ['{count, plural, offset:1 one {you} other {you and # more}}', 'uses an offset in {count, plural}'],
    ['{count, plural, other {# at {time, time, short}}}', 'formats {time} inside the message'],
  ])('reports %s, which is ICU beyond what Tourdesk formats', (message, problem) => {
    const source = new Map([[message, 'src/x.tsx:1']]);
    expect(check({ [message]: message }, source)).toEqual([
      expect.stringContaining(`src/x.tsx:1: "${message}" ${problem}`),
      expect.stringContaining(`${ES_PATH}: "${message}" → "${message}" ${problem}`),
    ]);
  });

  it('reports a placeholder renamed in the translation, at any depth', () => {
    expect(withSpanish(BOOKINGS, '{cuenta, plural, one {# reserva} other {# reservas}}')).toEqual([
      expect.stringContaining('has the placeholders {cuenta} where the source has {count}'),
    ]);
    expect(withSpanish(ROLE, '{name} es {role, select, manager {responsable de {nombre}} other {guía}}')).toEqual([
      expect.stringContaining('has the placeholders {name}, {nombre}, {role} where the source has {name}, {role}'),
    ]);
  });

  it('reports a select case name translated, which the code never passes', () => {
    expect(withSpanish(ROLE, '{name} es {role, select, responsable {responsable} other {guía}}')).toEqual([
      expect.stringContaining('has the case responsable in {role, select}, which the source lacks'),
    ]);
  });

  it('reports an English catalogue other than extract writes, with the messages it lacks or keeps', () => {
    const fix = `run \`npm run i18n:extract\` and commit ${EN_PATH}`;
    const [first, ...others] = [...SOURCE.keys()];
    const lacking = catalogueText(Object.fromEntries(others.map((m) => [m, m])));
    expect(check(ES, SOURCE, lacking)).toEqual([
      `${EN_PATH}: "${first}" (src/features/slot/CheckInPanel.tsx:40) is missing: ${fix}`,
    ]);
    const stale = catalogueText({ ...sourceCatalogue(SOURCE), Gone: 'Gone' });
    expect(check(ES, SOURCE, stale)).toEqual([
      expect.stringContaining(`${EN_PATH}: "Gone" is no longer in the source`),
    ]);
    const unsorted = JSON.stringify(Object.fromEntries([...SOURCE.keys()].reverse().map((m) => [m, m])), null, 2);
    expect(check(ES, SOURCE, unsorted)).toEqual([
      `${EN_PATH} is not as extract writes it: run \`npm run i18n:extract\` and commit ${EN_PATH}`,
    ]);
  });
});

describe('i18n:extract', () => {
  const file = (text: string) => ({ path: 'src/features/slot/SlotHeader.tsx', text });

  it('collects literal messages of t, translate and msg, each where it is first used', () => {
    const { messages, problems } = findMessages([
      file(
        [
          "const ADD_NOTE = msg('Add note');",
          'export function SlotHeader({ label, tour }: Props) {',
          '  const t = useT();',
          "  return <h1 title={t('Copy pax')}>{t(`Check in`)} {translate('Copy pax')} {t(label)}</h1>;",
          '}',
          "const other = t(LABELS[tour.type], { tour: tour.name }) + t(labels.none) + ADD_NOTE.t('Not a message');",
        ].join('\n'),
      ),
    ]);
    expect([...messages]).toEqual([
      ['Add note', 'src/features/slot/SlotHeader.tsx:1'],
      ['Copy pax', 'src/features/slot/SlotHeader.tsx:4'],
      ['Check in', 'src/features/slot/SlotHeader.tsx:4'],
    ]);
    expect(problems).toEqual([]);
  });

  it('reports a message built inline, which no catalogue can hold, with file and line', () => {
    const { messages, problems } = findMessages([
      file(
        [
          'const t = useT();',
          't(`${count} bookings`);',
          "translate('Pax: ' + pax);",
          "msg(late ? 'Late' : 'On time');",
        ].join('\n'),
      ),
    ]);
    expect(messages.size).toBe(0);
    expect(problems).toEqual([
      expect.stringMatching(
        /^src\/features\/slot\/SlotHeader\.tsx:2: t\(`\$\{count\} bookings`\) builds its message inline/,
      ),
      expect.stringMatching(/^src\/features\/slot\/SlotHeader\.tsx:3: translate\('Pax: ' \+ pax\) builds/),
      expect.stringMatching(/^src\/features\/slot\/SlotHeader\.tsx:4: msg\(late \? 'Late' : 'On time'\) builds/),
    ]);
  });

  it('writes the source catalogue sorted, each message itself, and brings a translation up to it', () => {
    const source: SourceMessages = new Map([
      ['Shifts', 'src/a.tsx:1'],
      ['Add note', 'src/a.tsx:2'],
      ['1 more', 'src/a.tsx:3'],
    ]);
    expect(catalogueText(sourceCatalogue(source))).toBe(
      '{\n  "1 more": "1 more",\n  "Add note": "Add note",\n  "Shifts": "Shifts"\n}\n',
    );
    expect(updatedTranslation({ Shifts: 'Turnos', Gone: 'Ido' }, source)).toEqual({
      Shifts: 'Turnos',
      'Add note': '',
      '1 more': '',
    });
    expect(catalogueText({})).toBe('{}\n');
  });
});
