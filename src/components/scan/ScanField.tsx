import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useT } from '../../services/i18n/useT';
import { SCAN_COLOURS, type ScanResult } from './scanResult';

/**
 * Where a keyboard-wedge scanner types a code and Enter, and where a person types one. A plain input, as the slot
 * search is: MUI's TextField would weigh on the guide's first load.
 */
interface ScanFieldProps {
  onCode: (code: string) => void;
  /** The answer to the last code, shown under the field. */
  result: ScanResult | null;
}

export function ScanField({ onCode, result }: ScanFieldProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const resultId = useId();
  const submit = () => {
    const text = code.trim();
    setCode('');
    if (text) onCode(text);
  };
  return (
    <Box sx={{ flex: '1 1 240px' }}>
      <Box
        component="input"
        type="text"
        aria-label={t('Scan or type a code')}
        aria-describedby={result ? resultId : undefined}
        placeholder={t('Scan or type a code')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="go"
        value={code}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => setCode(event.target.value)}
        onKeyDown={(event: React.KeyboardEvent) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            submit();
          }
        }}
        sx={{
          width: '100%',
          boxSizing: 'border-box',
          minHeight: 48,
          px: 1.5,
          font: 'inherit',
          color: 'text.primary',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'grey.500',
          borderRadius: 1,
          '&:focus': { outline: 0, borderColor: 'primary.main' },
        }}
      />
      {result && (
        <Typography id={resultId} role="status" sx={{ mt: 0.5, fontWeight: 600, color: SCAN_COLOURS[result.kind] }}>
          {result.title}
        </Typography>
      )}
      {result?.detail && <Typography variant="body2">{result.detail}</Typography>}
      {result?.action && (
        <Button variant="outlined" size="small" onClick={result.action.onClick} sx={{ mt: 0.5, minHeight: 44 }}>
          {result.action.label}
        </Button>
      )}
    </Box>
  );
}
