import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useAppDispatch, useAppStore } from '../../app/hooks';
import { activeLabels, type Company } from '../../domain/company';
import {
  guessColumns,
  importQuery,
  initialForm,
  mappingProblems,
  withSource,
  type MappingForm,
} from '../../domain/importMapping';
import { guessDateFormat } from '../../domain/importRow';
import type { DelimiterName } from '../../domain/imports';
import type { InspectedFile } from '../../domain/schemas/imports';
import { useT } from '../../services/i18n/useT';
import { FileChooser } from './FileChooser';
import { ImportRequestError } from './importRequest';
import { importsApi, useGetImportMappingsQuery } from './importsApi';
import { inspectFile } from './inspectFile';
import { MappingFields } from './MappingFields';
import { OverbookingChoice } from './OverbookingChoice';
import { RunPanel } from './RunPanel';
import { useImportRun, type RunMode } from './useImportRun';

/** Choose a file, map its columns, preview what it would do, then import it. */
export function ImportWizard({ company }: { company: Company }) {
  const t = useT();
  const headingId = useId();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const mappings = useGetImportMappingsQuery().data ?? [];
  const [file, setFile] = useState<File | null>(null);
  const [inspected, setInspected] = useState<InspectedFile | null>(null);
  const [reading, setReading] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const [form, setForm] = useState<MappingForm | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [allowOverbooking, setAllowOverbooking] = useState(false);
  const { state, run, reset } = useImportRun();
  const running = state.status === 'running';

  async function read(chosen: File, delimiter?: DelimiterName) {
    setFile(chosen);
    setReading({ busy: true, error: null });
    reset();
    try {
      const found = await inspectFile(store, chosen, delimiter);
      // Read again for each file: a preview a moment ago, or another Manager, may have remembered its mapping.
      const remembered = await dispatch(
        importsApi.endpoints.getImportMappings.initiate(undefined, { subscribe: false, forceRefetch: true }),
      )
        .unwrap()
        .catch(() => mappings);
      const dateColumn = guessColumns(found.columns).date;
      const dates = dateColumn === undefined ? [] : found.sample.map((row) => row[dateColumn] ?? '');
      setInspected(found);
      setForm(initialForm(found.columns, found.delimiter, guessDateFormat(dates), remembered));
      setShowProblems(false);
      setReading({ busy: false, error: null });
    } catch (err) {
      setInspected(null);
      const error = err instanceof ImportRequestError ? err.message : t('The file could not be read');
      setReading({ busy: false, error });
    }
  }

  const change = (next: MappingForm) => {
    if (!form || !inspected) return;
    setForm(next.source !== form.source ? withSource(next, next.source, inspected.columns, mappings) : next);
    reset();
  };
  const problems = form && showProblems ? mappingProblems(form, t) : {};
  const start = (mode: RunMode) => {
    if (!file || !form || !inspected) return;
    if (Object.keys(mappingProblems(form)).length > 0) {
      setShowProblems(true);
      return;
    }
    const query = importQuery(form, file.name, inspected.encoding);
    void run(mode, file, allowOverbooking ? { ...query, allowOverbooking: 'true' } : query);
  };

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={3}>
        <Typography id={headingId} variant="h2">
          {t('Import a file')}
        </Typography>
        <FileChooser file={file} disabled={running || reading.busy} onFile={(chosen) => void read(chosen)} />
        {reading.busy && <LinearProgress aria-label={t("Reading the file's columns")} />}
        {reading.error && <Alert severity="error">{reading.error}</Alert>}
        {inspected && form && file && (
          <>
            <Box>
              <Typography variant="h3" sx={{ mb: 2 }}>
                {t('Columns')}
              </Typography>
              <MappingFields
                inspected={inspected}
                form={form}
                sources={activeLabels(company.sources)}
                problems={problems}
                disabled={running}
                onChange={change}
                onDelimiter={(delimiter) => void read(file, delimiter)}
              />
            </Box>
            <OverbookingChoice
              checked={allowOverbooking}
              disabled={running}
              onChange={(checked) => {
                // The import then decides as a new preview does.
                setAllowOverbooking(checked);
                reset();
              }}
            />
            <Box>
              <Button variant="outlined" disabled={running} onClick={() => start('preview')}>
                {t('Preview')}
              </Button>
            </Box>
            <RunPanel
              state={state}
              fileName={file.name}
              company={company}
              onApply={() => start('apply')}
              onRetry={() => start(state.status === 'failed' ? state.mode : 'preview')}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
