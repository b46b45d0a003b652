import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NOTE_TEXT_MAX } from '../../domain/booking';
import { useSaveNoteMutation } from './slotApi';

/** Spec §4: the note's editor, opened by the header's "Add note" (NoteArea). */
export default function NoteEditor({
  uniqueId,
  initialNote,
  onClose,
}: {
  uniqueId: string;
  initialNote: string;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(initialNote);
  const [failed, setFailed] = useState(false);
  const [saveNote, { isLoading }] = useSaveNoteMutation();

  const save = async () => {
    setFailed(false);
    try {
      await saveNote({ uniqueId, note: draft }).unwrap();
      onClose();
    } catch {
      console.error('Error saving the note');
      setFailed(true);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={1.5}>
        <TextField
          label="Note"
          multiline
          minRows={3}
          autoFocus
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          slotProps={{ htmlInput: { maxLength: NOTE_TEXT_MAX } }}
        />
        {failed && (
          <Typography variant="body2" color="error">
            The note was not saved. Try again.
          </Typography>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={save} loading={isLoading}>
            Save
          </Button>
          <Button onClick={onClose}>Cancel</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
