import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../services/i18n/useT';

export function PageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label={label ?? t('Loading')} />
    </Box>
  );
}
