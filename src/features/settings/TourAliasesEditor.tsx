import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ALIAS_MAX_LENGTH, ALIASES_MAX } from '../../domain/company';
import type { CatalogChange } from '../../domain/schemas/company';
import { useT, type Translate } from '../../services/i18n/useT';

/** The names typed, one a line: trimmed, blank lines dropped, each once (the server also folds names differing only in case). */
const namesOf = (text: string) => [...new Set(text.split('\n').map((line) => line.trim()))].filter(Boolean);

/** What the server would refuse, said before sending (it checks the same bounds). */
function problemOf(names: string[], t: Translate): string | null {
  if (names.length > ALIASES_MAX) return t('At most {max} other names', { max: ALIASES_MAX });
  if (names.some((name) => name.length > ALIAS_MAX_LENGTH))
    return t('At most {max} characters a name', { max: ALIAS_MAX_LENGTH });
  return null;
}

interface TourAliasesEditorProps {
  tour: string;
  aliases: string[];
  busy: boolean;
  onChange: (change: CatalogChange) => Promise<boolean>;
  onClose: () => void;
}

/** A tour's other names, all sent at once; it closes once saved and stays open when refused (the section says why). */
export function TourAliasesEditor({ tour, aliases, busy, onChange, onClose }: TourAliasesEditorProps) {
  const t = useT();
  const [text, setText] = useState(aliases.join('\n'));
  const names = namesOf(text);
  const problem = problemOf(names, t);
  const save = async () => {
    if (await onChange({ aliases: names })) onClose();
  };
  return (
    <Stack sx={{ flexBasis: '100%', gap: 1 }}>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('Other names for {tour}', { tour })}
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose();
        }}
        error={problem !== null}
        helperText={problem ?? t("One per line, as channels' files and calls name this tour")}
      />
      <Stack direction="row" sx={{ gap: 0.5 }}>
        <Button onClick={save} disabled={busy || problem !== null}>
          {t('Save')}
        </Button>
        <Button onClick={onClose}>{t('Cancel')}</Button>
      </Stack>
    </Stack>
  );
}
