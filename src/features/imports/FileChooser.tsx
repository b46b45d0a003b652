import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useT } from '../../services/i18n/useT';

const sizeLabel = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A CSV file from the computer: a channel's export (Viator, GetYourGuide, the website's). */
export function FileChooser({
  file,
  disabled,
  onFile,
}: {
  file: File | null;
  disabled: boolean;
  onFile(file: File): void;
}) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Button variant="contained" startIcon={<UploadFile />} disabled={disabled} onClick={() => input.current?.click()}>
        {file ? t('Choose another file') : t('Choose a CSV file')}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t('CSV file')}
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // The same file chosen again (changed on disk) is read again.
          event.target.value = '';
          if (chosen) onFile(chosen);
        }}
      />
      <Typography color={file ? 'text.primary' : 'text.secondary'}>
        {file
          ? `${file.name} · ${sizeLabel(file.size)}`
          : t('UTF-8 or UTF-16, with commas, semicolons or tabs, and a header row')}
      </Typography>
    </Stack>
  );
}
