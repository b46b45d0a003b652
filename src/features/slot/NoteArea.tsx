import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { NOTE_TEXT_MAX } from '../../domain/booking';
import { noteUniqueId } from '../../domain/slotRules';
import { notePreview } from '../../domain/truncate';
import { useGetNoteQuery, useSaveNoteMutation, type SlotArgs } from './slotApi';

interface NoteAreaProps {
  slot: SlotArgs;
  /** Opened and closed by the header's "Add note". */
  editorOpen: boolean;
  onEditorClose: () => void;
}

/** Spec §4: the slot's note, and its editor. Failures are logged (spec §8) and said in a line, never a crash. */
export function NoteArea({ slot, editorOpen, onEditorClose }: NoteAreaProps) {
  const uniqueId = noteUniqueId(slot.day, slot.time, slot.tour);
  const { data, error } = useGetNoteQuery(uniqueId);
  const note = data?.note ?? '';

  useEffect(() => {
    if (error) console.error('Error fetching the newly saved note');
  }, [error]);

  return (
    <>
      {error && (
        <Typography variant="body2" color="error">
          The note could not be loaded.
        </Typography>
      )}
      {editorOpen ? (
        <NoteEditor uniqueId={uniqueId} initialNote={note} onClose={onEditorClose} />
      ) : (
        note && <SavedNote note={note} />
      )}
    </>
  );
}

function NoteEditor({
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

function SavedNote({ note }: { note: string }) {
  const [expanded, setExpanded] = useState(false);
  const preview = notePreview(note);
  return (
    <Paper variant="outlined" component="section" aria-label="Note" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {expanded ? note : preview.text}
      </Typography>
      {preview.truncated && (
        <Button size="small" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)} sx={{ ml: -1 }}>
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </Paper>
  );
}
