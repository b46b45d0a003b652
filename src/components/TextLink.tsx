import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A link in running text, drawn as MUI's Link draws it (the primary colour, a lighter underline) without its code,
 * which the guide's first visit would otherwise download for the login page's one link.
 */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Typography
      component={RouterLink}
      to={to}
      variant="inherit"
      color="primary"
      sx={{
        textDecorationColor: 'color-mix(in srgb, currentColor 40%, transparent)',
        '&:hover': { textDecorationColor: 'currentColor' },
      }}
    >
      {children}
    </Typography>
  );
}
