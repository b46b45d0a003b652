import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

export interface Total {
  label: string;
  /** Undefined while it loads. */
  value: number | undefined;
}

interface TotalsPanelProps {
  /** The heading, and the region's accessible name. */
  title: string;
  /** What the numbers count, in plain words. */
  caption: string;
  totals: readonly Total[];
}

/** Labelled counts under a heading; the list wraps on narrow screens instead of scrolling. */
export function TotalsPanel({ title, caption, totals }: TotalsPanelProps) {
  const headingId = useId();
  const loading = totals.some((total) => total.value === undefined);
  return (
    <Paper component="section" aria-labelledby={headingId} aria-busy={loading} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {caption}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, mt: 1, mb: 0 }}>
        {totals.map(({ label, value }) => (
          <Box key={label} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
            <Typography component="dt" variant="body2">
              {label}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {value ?? <Skeleton width={24} aria-hidden />}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
