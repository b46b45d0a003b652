import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useT } from '../../services/i18n/useT';
import type { CatalogChange } from '../../domain/schemas/company';
import { TourAliasesEditor } from './TourAliasesEditor';

export interface CatalogEntry {
  ref: string;
  label: string;
  archived: boolean;
  /** Walkin: it keeps its name and is never archived. */
  fixed: boolean;
  /** A tour's other names (the names channels use); sources have none. */
  aliases?: string[];
}

interface CatalogEntryRowProps {
  entry: CatalogEntry;
  index: number;
  count: number;
  busy: boolean;
  onChange: (change: CatalogChange) => Promise<boolean>;
  /** More of the entry, under its name and buttons (a tour's colour and flag). */
  children?: ReactNode;
}

/** One tour or source: its name (renamed in place), a tour's other names, its place in the list, archived or not. */
export function CatalogEntryRow({ entry, index, count, busy, onChange, children }: CatalogEntryRowProps) {
  const t = useT();
  const [name, setName] = useState<string | null>(null);
  const renaming = name !== null;
  const [editingAliases, setEditingAliases] = useState(false);
  const { aliases } = entry;
  const rename = async () => {
    if (name !== null && (await onChange({ label: name.trim() }))) setName(null);
  };
  return (
    <ListItem divider aria-label={entry.label} sx={{ gap: 1, flexWrap: 'wrap', px: 0 }}>
      {renaming ? (
        <TextField
          size="small"
          label={t('New name for {name}', { name: entry.label })}
          value={name}
          autoFocus
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void rename();
            if (event.key === 'Escape') setName(null);
          }}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          sx={{ flex: 1, minWidth: 200 }}
        />
      ) : (
        <Box sx={{ flex: 1, minWidth: 160, overflowWrap: 'anywhere' }}>
          <Typography color={entry.archived ? 'text.secondary' : undefined}>
            {entry.archived ? t('{name} (archived)', { name: entry.label }) : entry.label}
          </Typography>
          {!editingAliases && aliases && aliases.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('Also: {names}', { names: aliases.join(' · ') })}
            </Typography>
          )}
        </Box>
      )}
      <Stack direction="row" sx={{ gap: 0.5, alignItems: 'center' }}>
        {renaming ? (
          <>
            <Button onClick={rename} disabled={busy || !name?.trim()}>
              {t('Save name')}
            </Button>
            <Button onClick={() => setName(null)}>{t('Cancel')}</Button>
          </>
        ) : (
          !editingAliases && (
            <>
              {!entry.fixed && (
                <Button onClick={() => setName(entry.label)} disabled={busy}>
                  {t('Rename')}
                </Button>
              )}
              {aliases && (
                <Button onClick={() => setEditingAliases(true)} disabled={busy}>
                  {t('Other names')}
                </Button>
              )}
            </>
          )
        )}
        <IconButton
          aria-label={t('Move {name} up', { name: entry.label })}
          disabled={busy || index === 0}
          onClick={() => void onChange({ position: index - 1 })}
        >
          <ArrowUpward />
        </IconButton>
        <IconButton
          aria-label={t('Move {name} down', { name: entry.label })}
          disabled={busy || index === count - 1}
          onClick={() => void onChange({ position: index + 1 })}
        >
          <ArrowDownward />
        </IconButton>
        {!entry.fixed && (
          <Button onClick={() => void onChange({ archived: !entry.archived })} disabled={busy}>
            {entry.archived ? t('Restore') : t('Archive')}
          </Button>
        )}
      </Stack>
      {editingAliases && aliases && (
        <TourAliasesEditor
          tour={entry.label}
          aliases={aliases}
          busy={busy}
          onChange={onChange}
          onClose={() => setEditingAliases(false)}
        />
      )}
      {children && <Box sx={{ flexBasis: '100%', maxWidth: 560, pb: 1 }}>{children}</Box>}
    </ListItem>
  );
}
