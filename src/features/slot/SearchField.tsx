import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useT } from '../../services/i18n/useT';

interface SearchFieldProps {
  query: string;
  onQueryChange: (query: string) => void;
}

/**
 * A plain search input in the outlined look: MUI's InputBase would add its textarea and form-control machinery to
 * the first load of the guide's busiest page.
 */
export function SearchField({ query, onQueryChange }: SearchFieldProps) {
  const t = useT();
  return (
    <Box
      sx={{
        flex: '1 1 240px',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        pl: 1.5,
        minHeight: 48,
        border: 1,
        borderColor: 'grey.500',
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.secondary',
        '&:hover': { borderColor: 'text.primary' },
        '&:focus-within': {
          borderColor: 'primary.main',
          boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}`,
        },
      }}
    >
      <Search aria-hidden />
      <Box
        component="input"
        type="search"
        aria-label={t('Find a booking')}
        placeholder={t('Find: name, booking id or phone')}
        autoComplete="off"
        enterKeyHint="search"
        value={query}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onQueryChange(event.target.value)}
        onKeyDown={(event: React.KeyboardEvent) => {
          if (event.key === 'Escape') onQueryChange('');
        }}
        sx={{
          flex: 1,
          minWidth: 0,
          border: 0,
          outline: 0,
          py: 1.5,
          font: 'inherit',
          color: 'text.primary',
          bgcolor: 'transparent',
          // The browser's own clear button would duplicate ours.
          '&::-webkit-search-cancel-button': { display: 'none' },
        }}
      />
      {query && (
        <IconButton aria-label={t('Clear search')} onClick={() => onQueryChange('')}>
          <Clear />
        </IconButton>
      )}
    </Box>
  );
}
