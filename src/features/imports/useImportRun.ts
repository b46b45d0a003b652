import { useCallback, useEffect, useState } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import type { ImportSummary } from '../../domain/imports';
import { translate } from '../../services/i18n/language';
import { ImportRequestError, postFile, readImportLines } from './importRequest';
import { importApplied } from './importsApi';

export type RunMode = 'preview' | 'apply';
export type RunState =
  | { status: 'idle' }
  | { status: 'running'; mode: RunMode; rows: number; fraction: number }
  | { status: 'done'; mode: RunMode; summary: ImportSummary }
  | { status: 'failed'; mode: RunMode; error: string };

/** A preview or an import of the whole file, with its progress as the server reads it. */
export function useImportRun() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<RunState>({ status: 'idle' });

  const run = useCallback(
    async (mode: RunMode, file: File, query: Record<string, string>) => {
      setState({ status: 'running', mode, rows: 0, fraction: 0 });
      try {
        const response = await postFile(store, `/api/imports/${mode}`, query, file);
        const summary = await readImportLines(response, (line) => {
          if (line.type !== 'progress') return;
          const fraction = file.size > 0 ? Math.min(1, line.bytes / file.size) : 1;
          setState({ status: 'running', mode, rows: line.rows, fraction });
        });
        setState({ status: 'done', mode, summary });
      } catch (err) {
        const error = err instanceof ImportRequestError ? err.message : translate('Something went wrong');
        setState({ status: 'failed', mode, error });
      } finally {
        // Even a stopped import may have applied its first batches.
        if (mode === 'apply') dispatch(importApplied());
      }
    },
    [store, dispatch],
  );
  // Leaving mid-import would not stop it, but its outcome would be seen only under Recent imports: ask first.
  const running = state.status === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [running]);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, reset };
}
