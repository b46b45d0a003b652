import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';

interface SlotSearchBarProps {
  query: string;
  onQueryChange: (query: string) => void;
  shown: number;
  total: number;
  /** Offered once the slot's bookings are assigned to guides. */
  mineOnly: boolean | null;
  onMineOnlyChange: (mineOnly: boolean) => void;
}

const plural = (count: number) => `${count} booking${count === 1 ? '' : 's'}`;

/** The app bar is sticky too: the search sits just below it, whatever height the toolbar has at this size. */
const belowAppBar = (theme: Theme) => ({
  top: 56,
  '@media (orientation: landscape)': { top: 48 },
  [theme.breakpoints.up('sm')]: { top: 64 },
});

/** Finds a guest in a long slot while scrolling: filters as you type, says how many bookings match. */
export function SlotSearchBar({ query, onQueryChange, shown, total, mineOnly, onMineOnlyChange }: SlotSearchBarProps) {
  const filtered = query.trim() !== '' || mineOnly === true;
  return (
    <Paper
      role="search"
      aria-label="Bookings of this slot"
      elevation={0}
      sx={[{ position: 'sticky', zIndex: 2, py: 1, bgcolor: 'background.default', displayPrint: 'none' }, belowAppBar]}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {/* An OutlinedInput, not a TextField: the slot page's first load stays without the select TextField brings. */}
        <OutlinedInput
          placeholder="Find: name, booking id or phone"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onQueryChange('');
          }}
          sx={{ flex: '1 1 240px', bgcolor: 'background.paper' }}
          inputProps={{ 'aria-label': 'Find a booking', type: 'search', autoComplete: 'off', enterKeyHint: 'search' }}
          startAdornment={
            <InputAdornment position="start">
              <Search />
            </InputAdornment>
          }
          endAdornment={
            query && (
              <InputAdornment position="end">
                <IconButton aria-label="Clear search" edge="end" onClick={() => onQueryChange('')}>
                  <Clear />
                </IconButton>
              </InputAdornment>
            )
          }
        />
        {mineOnly !== null && (
          <FormControlLabel
            label="Only my bookings"
            control={<Switch checked={mineOnly} onChange={(event) => onMineOnlyChange(event.target.checked)} />}
            sx={{ minHeight: 44, ml: 0 }}
          />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {filtered ? `${shown} of ${plural(total)} match` : plural(total)}
      </Typography>
    </Paper>
  );
}
