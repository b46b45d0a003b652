import type { ImportProgress, ImportSummary } from '../../domain/imports';
import { DEVICE_HEADER } from '../../domain/events';
import { API_ORIGIN, tokenIn } from '../../services/baseQueryWithReauth';
import { deviceId } from '../../services/deviceId';
import { NETWORK_MESSAGE } from '../../services/errors';
import { serverMessage } from '../../services/serverMessage';
import { translate } from '../../services/i18n/language';
import type { LiveStore } from '../../services/live/liveStream';
import { renewApi } from '../../services/live/renewApi';

/** A failed call, with the message to show (in the reader's language, or the server's words). */
export class ImportRequestError extends Error {}

/**
 * Sends a file (or its start) to an import route. Outside RTK Query: the file is not state, and the answer is read
 * as it streams. An expired token is renewed through the base query's one refresh, then the file is sent again.
 */
export async function postFile(store: LiveStore, path: string, query: Record<string, string>, body: Blob) {
  const send = (token: string) =>
    fetch(`${API_ORIGIN}${path}?${new URLSearchParams(query).toString()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', [DEVICE_HEADER]: deviceId() },
      body,
      credentials: 'include',
      cache: 'no-store',
    });
  try {
    const token = tokenIn(store.getState());
    if (!token) throw new ImportRequestError(translate('Please sign in again'));
    const response = await send(token);
    if (response.status !== 401) return await answered(response);
    await store.dispatch(renewApi.endpoints.renewSession.initiate(token, { track: false }));
    const renewed = tokenIn(store.getState());
    if (!renewed || renewed === token) throw new ImportRequestError(translate('Please sign in again'));
    return await answered(await send(renewed));
  } catch (err) {
    throw err instanceof ImportRequestError ? err : new ImportRequestError(translate(NETWORK_MESSAGE));
  }
}

/** The answer when it is a success; the server's `{ error, code }` in the reader's language otherwise. */
async function answered(response: Response): Promise<Response> {
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as {
    error?: unknown;
    code?: unknown;
    details?: unknown;
  } | null;
  const message =
    typeof body?.error === 'string'
      ? serverMessage(body.error, body.code, body.details)
      : translate('The server answered {status}', { status: String(response.status) });
  throw new ImportRequestError(message);
}

/** Reads a preview's or an import's lines as they come; resolves with the summary, rejects with what stopped it. */
export async function readImportLines(response: Response, onProgress: (line: ImportProgress) => void) {
  if (!response.body) throw new ImportRequestError(translate('The server sent no answer'));
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let summary: ImportSummary | undefined;
  const take = (text: string) => {
    if (!text.trim()) return;
    const line = JSON.parse(text) as ImportProgress;
    if (line.type === 'error') throw new ImportRequestError(line.error);
    if (line.type === 'done') summary = line.summary;
    else onProgress(line);
  };
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      throw new ImportRequestError(translate(NETWORK_MESSAGE));
    });
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach(take);
  }
  take(buffered);
  if (!summary) throw new ImportRequestError(translate('The answer ended before the last row'));
  return summary;
}
