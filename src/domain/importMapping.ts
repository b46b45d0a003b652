import {
  COUNT_FIELDS,
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  REQUIRED_FIELDS,
  type DateFormatId,
  type DelimiterName,
  type ImportColumns,
  type ImportEncoding,
  type ImportField,
} from './imports';
import { formatMessage, msg, type MessageValues } from './messageFormat';

/** The import page's choices: the file's one source ('' when a column names it), its format and each field's column. */
export interface MappingForm {
  source: string;
  delimiter: DelimiterName;
  dateFormat: DateFormatId;
  columns: ImportColumns;
}

/** Words channel exports use for each field, most specific first. */
const HEADER_WORDS: Record<ImportField, string[]> = {
  reference: ['booking ref', 'booking reference', 'booking id', 'booking number', 'reference', 'ref', 'confirmation'],
  name: ['lead traveller', 'lead traveler', 'customer name', 'traveller name', 'traveler name', 'full name', 'name'],
  date: ['travel date', 'tour date', 'activity date', 'date'],
  time: ['start time', 'time', 'start'],
  tour: ['product', 'tour', 'activity', 'experience'],
  source: ['source', 'channel', 'reseller'],
  phone: ['phone', 'mobile', 'telephone'],
  adults: ['adults', 'adult'],
  teens: ['teens', 'teen', 'youth'],
  children: ['children', 'child', 'kids'],
  cancelled: ['cancelled', 'canceled', 'status'],
};

const normal = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

/** A header as two files of one kind share it: the same names in the same order, whatever the case and spacing. */
export const headerNames = (header: readonly string[]): string[] => header.map(normal);

const sameHeader = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && headerNames(a).every((name, i) => name === normal(b[i] ?? ''));

/** Each field's column guessed from the header's names; a column is given to one field at most. */
export function guessColumns(header: readonly string[]): ImportColumns {
  const names = header.map(normal);
  const taken = new Set<number>();
  const columns: ImportColumns = {};
  for (const field of IMPORT_FIELDS) {
    for (const word of HEADER_WORDS[field]) {
      const column = names.findIndex((name, i) => !taken.has(i) && name === word);
      if (column >= 0) {
        columns[field] = column;
        taken.add(column);
        break;
      }
    }
  }
  return columns;
}

/** A remembered mapping's columns (by header name) found again in this file's header. */
export function rememberedColumns(header: readonly string[], names: Partial<Record<ImportField, string>>) {
  const columns: ImportColumns = {};
  for (const field of IMPORT_FIELDS) {
    const column = header.findIndex((name) => names[field] !== undefined && normal(name) === normal(names[field]));
    if (column >= 0) columns[field] = column;
  }
  return columns;
}

/** What the form still lacks, by field, in the server's words: in the reader's language when a screen passes its `t`. */
export function mappingProblems(
  form: MappingForm,
  words: (message: string, values?: MessageValues) => string = formatMessage,
): Partial<Record<ImportField, string>> {
  const problems: Partial<Record<ImportField, string>> = {};
  for (const field of REQUIRED_FIELDS) {
    if (form.columns[field] === undefined) {
      problems[field] = words(msg('{field}: choose its column'), { field: words(IMPORT_FIELD_LABELS[field]) });
    }
  }
  if (!form.source && form.columns.source === undefined) {
    problems.source = words(msg('Source: choose a column or one source for the file'));
  }
  if (COUNT_FIELDS.every((field) => form.columns[field] === undefined)) {
    problems.adults = words(msg('Adults: choose the column of at least one count'));
  }
  return problems;
}

/** The preview's and the import's query string. */
export function importQuery(form: MappingForm, fileName: string, encoding: ImportEncoding): Record<string, string> {
  const query: Record<string, string> = {
    fileName,
    encoding,
    delimiter: form.delimiter,
    dateFormat: form.dateFormat,
  };
  if (form.source) query.fixedSource = form.source;
  for (const field of IMPORT_FIELDS) {
    const column = form.columns[field];
    if (column !== undefined && !(field === 'source' && form.source)) query[field] = String(column);
  }
  return query;
}

/** A mapping remembered for a kind of file and a source (the server's `ImportMapping`), the latest first. */
export interface RememberedMapping {
  source: string;
  /** The header of the file it was chosen for (absent on older ones, kept per source only). */
  header?: readonly string[];
  dateFormat: DateFormatId;
  columns: Partial<Record<ImportField, string>>;
}

/** A remembered mapping's columns, when this file has every required one; otherwise undefined. */
function remembered(header: readonly string[], mapping: RememberedMapping): ImportColumns | undefined {
  const columns = rememberedColumns(header, mapping.columns);
  return REQUIRED_FIELDS.every((field) => columns[field] !== undefined) ? columns : undefined;
}

/** The latest mapping chosen for a file with this very header, else the latest this file fits; with its columns. */
function rememberedFor(header: readonly string[], mappings: readonly RememberedMapping[]) {
  const ordered = [
    ...mappings.filter((m) => m.header && sameHeader(m.header, header)),
    ...mappings.filter((m) => !m.header || !sameHeader(m.header, header)),
  ];
  for (const mapping of ordered) {
    const columns = remembered(header, mapping);
    if (columns) return { mapping, columns };
  }
  return undefined;
}

/** The form for a new file: the mapping remembered for its kind of file, else columns guessed from its header. */
export function initialForm(
  header: readonly string[],
  delimiter: DelimiterName,
  guessedDateFormat: DateFormatId,
  mappings: readonly RememberedMapping[],
): MappingForm {
  const found = rememberedFor(header, mappings);
  if (found) {
    const { mapping, columns } = found;
    return { source: mapping.source, delimiter, dateFormat: mapping.dateFormat, columns };
  }
  return { source: '', delimiter, dateFormat: guessedDateFormat, columns: guessColumns(header) };
}

/** Another source chosen: its remembered mapping, when this file fits it. */
export function withSource(
  form: MappingForm,
  source: string,
  header: readonly string[],
  mappings: readonly RememberedMapping[],
): MappingForm {
  const found = rememberedFor(
    header,
    mappings.filter((m) => m.source === source),
  );
  return found
    ? { ...form, source, dateFormat: found.mapping.dateFormat, columns: found.columns }
    : { ...form, source };
}
