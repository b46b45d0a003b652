import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import type { AriaRole } from 'react';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

interface PlaceholderProps {
  height: number;
  width?: number;
  maxWidth?: number;
  role?: AriaRole;
  'aria-label'?: string;
  'aria-hidden'?: boolean;
}

/**
 * A grey pulsing block where something is loading, the size of what comes (no layout shift). MUI's Skeleton looks
 * the same; this one is a Box, so the guide's pages do not download Skeleton's variants and wave animation.
 */
export function Placeholder({ height, width, maxWidth, ...aria }: PlaceholderProps) {
  return (
    <Box
      {...aria}
      sx={{
        height,
        width,
        maxWidth,
        borderRadius: 1,
        bgcolor: 'rgba(0, 0, 0, 0.11)',
        animation: `${pulse} 2s ease-in-out 0.5s infinite`,
      }}
    />
  );
}
