import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

interface PageProps {
  /** The <h1> and, unless `documentTitle` says otherwise, the browser tab's title. */
  title: string;
  documentTitle?: string;
  children?: ReactNode;
}

export function Page({ title, documentTitle = title, children }: PageProps) {
  useDocumentTitle(documentTitle);
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{title}</Typography>
      {children}
    </Stack>
  );
}
