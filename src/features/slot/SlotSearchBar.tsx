import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { SearchField } from './SearchField';
import type { HiddenMatches } from './slotList';
import { useT, type Translate } from '../../services/i18n/useT';

interface SlotSearchBarProps {
  query: string;
  onQueryChange: (query: string) => void;
  shown: number;
  total: number;
  /** Offered once the slot's bookings are assigned to guides. */
  mineOnly: boolean | null;
  onMineOnlyChange: (mineOnly: boolean) => void;
  /** What the search finds in other groups while only the guide's own are listed. */
  elsewhere: readonly HiddenMatches[];
}

const inGroup = ({ guide, count }: HiddenMatches, t: Translate) =>
  guide === null ? t('{count} unassigned', { count }) : t('{count} in {guide}’s group', { count, guide });

/** The app bar is sticky too: the search sits just below it, whatever height the toolbar has at this size. */
const belowAppBar = (theme: Theme) => ({
  top: 56,
  '@media (orientation: landscape)': { top: 48 },
  [theme.breakpoints.up('sm')]: { top: 64 },
});

/** Finds a guest in a long slot while scrolling: filters as you type, says how many bookings match. */
export function SlotSearchBar(props: SlotSearchBarProps) {
  const { query, onQueryChange, shown, total, mineOnly, onMineOnlyChange, elsewhere } = props;
  const t = useT();
  const filtered = query.trim() !== '' || mineOnly === true;
  return (
    <Paper
      role="search"
      aria-label={t('Bookings of this slot')}
      elevation={0}
      sx={[{ position: 'sticky', zIndex: 2, py: 1, bgcolor: 'background.default', displayPrint: 'none' }, belowAppBar]}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <SearchField query={query} onQueryChange={onQueryChange} />
        {mineOnly !== null && (
          <FormControlLabel
            label={t('Only my bookings')}
            control={<Switch checked={mineOnly} onChange={(event) => onMineOnlyChange(event.target.checked)} />}
            sx={{ minHeight: 44, ml: 0 }}
          />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {filtered
          ? t('{shown} of {total, plural, one {# booking} other {# bookings}} match', { shown, total })
          : t('{total, plural, one {# booking} other {# bookings}}', { total })}
        {elsewhere.length > 0 &&
          t('; {groups} (hidden by Only my bookings)', {
            groups: elsewhere.map((group) => inGroup(group, t)).join(', '),
          })}
      </Typography>
      {elsewhere.length > 0 && (
        <Button size="small" onClick={() => onMineOnlyChange(false)} sx={{ minHeight: 44 }}>
          {t('Show every group')}
        </Button>
      )}
    </Paper>
  );
}
