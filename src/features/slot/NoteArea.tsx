import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { noteUniqueId } from '../../domain/slotRules';
import { notePreview } from '../../domain/truncate';
import { isNetworkError } from '../../services/errors';
import { useGetNoteQuery, type SlotArgs } from './slotApi';
import { Placeholder } from '../../components/Placeholder';
import { useT } from '../../services/i18n/useT';

// The editor (a text field) downloads on the first "Add note", not with the slot page.
const NoteEditor = lazy(() => import(/* webpackChunkName: "slot-note" */ './NoteEditor'));

interface NoteAreaProps {
  slot: SlotArgs;
  /** Opened and closed by the header's "Add note". */
  editorOpen: boolean;
  onEditorClose: () => void;
  /** The server said the slot locked meanwhile. */
  onLocked: () => void;
}

/** Spec §4: the slot's note, and its editor. Failures are logged (spec §8) and said in a line, never a crash. */
export function NoteArea({ slot, editorOpen, onEditorClose, onLocked }: NoteAreaProps) {
  const t = useT();
  const uniqueId = noteUniqueId(slot.day, slot.time, slot.tour);
  const { data, error } = useGetNoteQuery(uniqueId);
  const note = data?.note ?? '';

  useEffect(() => {
    if (error) console.error('Error fetching the newly saved note');
  }, [error]);

  return (
    <>
      {/* Offline, a note this device never read is not shown: the page already says it is offline. */}
      {error && !isNetworkError(error) && (
        <Typography variant="body2" color="error">
          {t('The note could not be loaded.')}
        </Typography>
      )}
      {editorOpen ? (
        <Suspense fallback={<Placeholder height={150} aria-label={t('Loading the note editor')} />}>
          <NoteEditor uniqueId={uniqueId} initialNote={note} onClose={onEditorClose} onLocked={onLocked} />
        </Suspense>
      ) : (
        note && <SavedNote note={note} />
      )}
    </>
  );
}

function SavedNote({ note }: { note: string }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const preview = notePreview(note);
  return (
    <Paper variant="outlined" component="section" aria-label={t('Note')} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {expanded ? note : preview.text}
      </Typography>
      {preview.truncated && (
        <Button size="small" aria-expanded={expanded} onClick={() => setExpanded((open) => !open)} sx={{ ml: -1 }}>
          {expanded ? t('Show less') : t('Show more')}
        </Button>
      )}
    </Paper>
  );
}
