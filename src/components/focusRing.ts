/** MUI marks keyboard focus with a faint ripple only; a guide in sunlight needs to see where it is. */
export const focusRing = {
  '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;
