import type { DelimiterName } from '../../domain/imports';
import type { InspectedFile } from '../../domain/schemas/imports';
import type { LiveStore } from '../../services/live/liveStream';
import { postFile } from './importRequest';

/** The server reads this much of the file's start for its columns; the rest waits for the preview. */
const INSPECTED_BYTES = 64 * 1024;

export async function inspectFile(store: LiveStore, file: File, delimiter?: DelimiterName): Promise<InspectedFile> {
  const query: Record<string, string> = delimiter ? { delimiter } : {};
  const response = await postFile(store, '/api/imports/inspect', query, file.slice(0, INSPECTED_BYTES));
  return (await response.json()) as InspectedFile;
}
