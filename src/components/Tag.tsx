import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

const TONES = {
  neutral: { color: 'text.primary', bgcolor: 'grey.200', borderColor: 'grey.200' },
  primary: { color: 'primary.contrastText', bgcolor: 'primary.main', borderColor: 'primary.main' },
  // Darker than the accent itself, so small text stays readable in sunlight (WCAG 1.4.3).
  accent: { color: 'secondary.dark', bgcolor: 'background.paper', borderColor: 'secondary.main' },
} as const;

interface TagProps {
  children: ReactNode;
  tone?: keyof typeof TONES;
  id?: string;
}

/**
 * A small label that does nothing when tapped ("Cancelled", "3 of 4"): a styled span, where MUI's Chip would add a
 * button's machinery to the slot page's first load.
 */
export function Tag({ children, tone = 'neutral', id }: TagProps) {
  return (
    <Box
      component="span"
      id={id}
      sx={{
        ...TONES[tone],
        display: 'inline-flex',
        alignItems: 'center',
        maxWidth: '100%',
        minHeight: 24,
        px: 1,
        border: 1,
        borderRadius: 3,
        typography: 'body2',
        fontWeight: 600,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      {children}
    </Box>
  );
}
