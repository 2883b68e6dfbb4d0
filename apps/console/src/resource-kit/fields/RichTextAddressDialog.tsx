// The rich-text toolbar's question for a link's or an image's address: only an address the sanitiser would
// keep is accepted (links http(s), images http(s) or a path of this site), so nothing typed here is lost later.
import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ResourceTextContext } from '../types';
import { isSafeImageSrc, isSafeLinkUrl } from './richTextHtml';

export type AddressKind = 'link' | 'image';

const TEXTS = {
  link: { title: 'link', address: 'linkUrl', text: 'linkText', invalid: 'linkInvalid' },
  image: { title: 'image', address: 'imageUrl', text: 'imageAlt', invalid: 'imageInvalid' },
} as const;

export interface RichTextAddressDialogProps {
  /** Which address is asked for; null: closed. */
  kind: AddressKind | null;
  context: ResourceTextContext;
  onCancel(): void;
  /** `text`: the link's words or the image's description (may be empty). */
  onInsert(kind: AddressKind, address: string, text: string): void;
}

export function RichTextAddressDialog({ kind, context, onCancel, onInsert }: RichTextAddressDialogProps) {
  const [address, setAddress] = useState('');
  const [text, setText] = useState('');
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    setAddress('');
    setText('');
    setRefused(false);
  }, [kind]);
  // The texts stay while the dialog fades out.
  const [shown, setShown] = useState<AddressKind>('link');
  useEffect(() => {
    if (kind) setShown(kind);
  }, [kind]);
  const texts = TEXTS[kind ?? shown];
  const label = (key: string) => context.t(`resourceKit.fields.richText.${key}`);

  const insert = () => {
    if (!kind) return;
    const trimmed = address.trim();
    if (!(kind === 'link' ? isSafeLinkUrl(trimmed) : isSafeImageSrc(trimmed))) {
      setRefused(true);
      return;
    }
    onInsert(kind, trimmed, text.trim());
  };

  return (
    <Dialog open={kind !== null} onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="rich-text-address-title">
      <DialogTitle id="rich-text-address-title">{label(texts.title)}</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // React carries events up through the portal: the form around the field must not submit too.
          event.stopPropagation();
          insert();
        }}
      >
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              size="small"
              label={label(texts.address)}
              value={address}
              onChange={(event) => {
                setAddress(event.target.value);
                setRefused(false);
              }}
              error={refused}
              helperText={refused ? label(texts.invalid) : undefined}
            />
            <TextField size="small" label={label(texts.text)} value={text} onChange={(event) => setText(event.target.value)} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={onCancel}>
            {context.t('resourceKit.cancel')}
          </Button>
          <Button type="submit" variant="contained">
            {label('insert')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
