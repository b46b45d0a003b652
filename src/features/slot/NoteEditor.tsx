import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NOTE_TEXT_MAX } from '../../domain/booking';
import { errorCode, errorMessage } from '../../services/errors';
import { useSaveNoteMutation } from './slotApi';
import { useT } from '../../services/i18n/useT';

/** Spec §4: the note's editor, opened by the header's "Add note" (NoteArea). */
export default function NoteEditor({
  uniqueId,
  initialNote,
  onClose,
  onLocked,
}: {
  uniqueId: string;
  initialNote: string;
  onClose: () => void;
  onLocked: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(initialNote);
  const [failure, setFailure] = useState<string | null>(null);
  const [saveNote, { isLoading }] = useSaveNoteMutation();

  const save = async () => {
    setFailure(null);
    try {
      await saveNote({ uniqueId, note: draft }).unwrap();
      onClose();
    } catch (error) {
      console.error('Error saving the note');
      // A slot locked meanwhile: the page reloads it to show the lock; the draft stays, to be copied elsewhere.
      const locked = errorCode(error) === 'SLOT_LOCKED';
      if (locked) onLocked();
      setFailure(locked ? errorMessage(error) : t('The note was not saved. Try again.'));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <TextField
          label={t('Note')}
          multiline
          minRows={3}
          autoFocus
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          slotProps={{ htmlInput: { maxLength: NOTE_TEXT_MAX } }}
        />
        {failure && (
          <Typography variant="body2" color="error">
            {failure}
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={save} loading={isLoading}>
            {t('Save')}
          </Button>
          <Button onClick={onClose}>{t('Cancel')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
