// A screen's framed section: a heading that names it (h1 on a screen of its own), an optional sentence
// under it, and its content. Form screens (ResourceFormScreen), the closing-the-shop steps and the account
// detail are drawn in it, so they look and read alike.
import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface ScreenSectionProps {
  /** The heading, already in the merchant's language; the section is named by it. */
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  testId?: string;
  maxWidth?: number;
  /** A resource page's outlined frame and smaller heading. */
  variant?: 'screen' | 'resource';
  /** Heading level: 1 for the screen's own heading (default), 2 for a second section on it. */
  level?: 1 | 2;
  /** The heading's id, for a form inside to be named by it too (generated unless given). */
  headingId?: string;
}

export function ScreenSection({ title, intro, children, testId, maxWidth, variant = 'screen', level = 1, headingId }: ScreenSectionProps) {
  const generated = useId();
  const id = headingId ?? generated;
  const resource = variant === 'resource';
  return (
    <Paper component="section" variant={resource ? 'outlined' : 'elevation'} aria-labelledby={id} sx={{ p: resource ? 2 : 3, maxWidth }} data-testid={testId}>
      <Typography id={id} component={level === 1 ? 'h1' : 'h2'} variant={resource || level === 2 ? 'h6' : 'h5'} sx={{ mb: intro ? 1 : 2 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
