import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useSignedInUser } from '../../app/hooks';
import type { Outcome } from '../../components/OutcomeSnackbar';
import { GUIDE_DELETED, type Member } from '../../domain/team';
import { errorMessage } from '../../services/errors';
import { useT } from '../../services/i18n/useT';
import { DeleteMemberDialog } from './DeleteMemberDialog';
import { useDeleteTeamMemberMutation, useGetTeamMembersQuery } from './teamApi';
import { ListSkeleton, RetryAlert } from '../../components/LoadStates';

interface TeamListProps {
  /** The page's message: a delete's success or refusal, or null when the user moves on. */
  onOutcome: (outcome: Outcome | null) => void;
}

/** Spec §2: everyone on the team; a Manager may delete each row but their own (the server refuses Guides, §6). */
export function TeamList({ onOutcome }: TeamListProps) {
  const t = useT();
  const user = useSignedInUser();
  const headingId = useId();
  const { data: members, isLoading, error, refetch } = useGetTeamMembersQuery();
  const [deleteMember, { isLoading: deleting }] = useDeleteTeamMemberMutation();
  const [target, setTarget] = useState<Member | null>(null);
  const [confirming, setConfirming] = useState(false);

  const ask = (member: Member) => {
    onOutcome(null);
    setTarget(member);
    setConfirming(true);
  };

  const confirm = async (member: Member) => {
    const result = await deleteMember(member._id);
    setConfirming(false);
    onOutcome(
      result.error
        ? { severity: 'error', message: errorMessage(result.error) }
        : { severity: 'success', message: t(GUIDE_DELETED) },
    );
  };

  let body;
  if (isLoading) {
    body = <ListSkeleton label={t('Loading team members')} rowHeight={56} />;
  } else if (!members) {
    body = <RetryAlert onRetry={refetch}>{errorMessage(error, t('The team could not be loaded'))}</RetryAlert>;
  } else {
    body = (
      <List aria-labelledby={headingId} disablePadding>
        {members.map((member) => (
          <MemberRow
            key={member._id}
            member={member}
            own={member._id === user._id}
            onDelete={user.role === 'Manager' && member._id !== user._id ? ask : undefined}
          />
        ))}
      </List>
    );
  }

  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {t('Team members')}
      </Typography>
      {body}
      <DeleteMemberDialog
        open={confirming}
        member={target}
        deleting={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </Paper>
  );
}

interface MemberRowProps {
  member: Member;
  own: boolean;
  /** Absent where the server would refuse: for a Guide, and on a Manager's own row. */
  onDelete?: (member: Member) => void;
}

function MemberRow({ member, own, onDelete }: MemberRowProps) {
  const t = useT();
  return (
    <ListItem
      divider
      secondaryAction={
        onDelete && (
          <IconButton
            edge="end"
            aria-label={t('Delete {name}', { name: member.name })}
            onClick={() => onDelete(member)}
          >
            <DeleteOutlined />
          </IconButton>
        )
      }
    >
      <ListItemText
        primary={own ? t('{name} (you)', { name: member.name }) : member.name}
        secondary={member.email}
        // Long addresses wrap instead of pushing the delete button off a 360 px screen.
        slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
      />
      <Chip
        label={t('{role, select, Manager {Manager} other {Guide}}', { role: member.role })}
        size="small"
        color={member.role === 'Manager' ? 'primary' : 'default'}
        variant="outlined"
        sx={{ ml: 1, flexShrink: 0 }}
      />
    </ListItem>
  );
}
