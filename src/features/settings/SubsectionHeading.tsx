import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A heading inside a Settings section: an h3, smaller than the section's h2 and the page's h1. */
export function SubsectionHeading({ children }: { children: ReactNode }) {
  return (
    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
      {children}
    </Typography>
  );
}
