import Box from '@mui/material/Box';
import { useT } from '../services/i18n/useT';

export const MAIN_ID = 'main';

/** The first thing a keyboard reaches: past the header's links straight to the page (WCAG 2.4.1). */
export function SkipLink() {
  const t = useT();
  return (
    // A plain anchor: MUI's Link would add its own module to every page's first load for one hidden link.
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 'tooltip',
        p: 1.5,
        bgcolor: 'background.paper',
        fontWeight: 600,
        color: 'primary.main',
        '&:focus': { top: 8 },
      }}
    >
      {t('Skip to content')}
    </Box>
  );
}
