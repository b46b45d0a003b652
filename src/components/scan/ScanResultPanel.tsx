import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SCAN_COLOURS, type ScanResult } from './scanResult';

/** The answer to the last scan, in its kind's colour, with its way on if it has one. */
export function ScanResultPanel({ result }: { result: ScanResult }) {
  return (
    <Stack
      role="status"
      aria-label={result.title}
      spacing={1}
      sx={{ p: 2, bgcolor: SCAN_COLOURS[result.kind], color: 'common.white', alignItems: 'flex-start' }}
    >
      <Typography variant="h6" component="p">
        {result.title}
      </Typography>
      {result.detail && <Typography>{result.detail}</Typography>}
      {result.action && (
        <Button variant="contained" color="inherit" sx={{ color: 'text.primary' }} onClick={result.action.onClick}>
          {result.action.label}
        </Button>
      )}
    </Stack>
  );
}
