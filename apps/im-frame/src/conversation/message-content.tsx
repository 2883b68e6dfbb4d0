// What a message shows, by type (im-client-spec §3): text (emoji included), image with a preview,
// file card, tip line, custom card, and a label for the rest. Everything a sender controls is
// rendered inert: as React text (never HTML), and links and pictures only from http(s) addresses,
// so a message cannot run script or navigate the frame (javascript:, data: are dropped).
import { useState } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { useTranslation } from 'react-i18next';
import type { ChatFile, ChatMessage } from '../chat/chat-client';
import { messageDisplayText } from '../i18n/message-text';

/** The address when it is http(s), else undefined: the only links and pictures a message may carry. */
export function safeHttpUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

const UNITS = ['B', 'KB', 'MB', 'GB'];
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/** A custom message's card: title and text when its attach JSON has them (as plain strings). */
export function readCustomCard(attach: string | undefined): { title?: string; text?: string; url?: string } {
  if (!attach) return {};
  try {
    const value: unknown = JSON.parse(attach);
    if (typeof value !== 'object' || value === null) return {};
    const record = value as Record<string, unknown>;
    const pick = (...keys: string[]) => keys.map((key) => record[key]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
    return { title: pick('title', 'name'), text: pick('text', 'description', 'content'), url: safeHttpUrl(pick('url', 'link')) };
  } catch {
    return {};
  }
}

function ImageContent({ message, file }: { message: ChatMessage; file: ChatFile }) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState(false);
  const url = safeHttpUrl(file.url);
  const name = file.name || t('messageType.image');
  if (!url) return <>{t('messageType.image')}</>;
  return (
    <>
      <Box
        component="button"
        type="button"
        onClick={() => setPreviewing(true)}
        aria-label={t('content.previewImage', { name })}
        data-testid="message-image"
        sx={{ p: 0, border: 0, background: 'none', cursor: 'zoom-in', display: 'block' }}
      >
        <Box component="img" src={url} alt={name} loading="lazy" referrerPolicy="no-referrer" sx={{ display: 'block', maxWidth: 240, maxHeight: 240, borderRadius: 1 }} />
      </Box>
      <Dialog open={previewing} onClose={() => setPreviewing(false)} maxWidth="lg" aria-labelledby={`preview-${message.idClient}`}>
        <DialogTitle id={`preview-${message.idClient}`}>{name}</DialogTitle>
        <DialogContent>
          <Box component="img" src={url} alt={name} referrerPolicy="no-referrer" sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh' }} />
        </DialogContent>
      </Dialog>
    </>
  );
}

function FileContent({ file }: { file: ChatFile }) {
  const { t } = useTranslation();
  const url = safeHttpUrl(file.url);
  const name = file.name || `${t('messageType.file')}.${file.ext}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="message-file">
      <InsertDriveFileOutlined aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        {url ? (
          <Link href={url} target="_blank" rel="noopener noreferrer" download={name} color="inherit" underline="always">
            {name}
          </Link>
        ) : (
          <Typography component="span">{name}</Typography>
        )}
        <Typography variant="caption" component="div" sx={{ opacity: 0.8 }}>
          {file.ext.toUpperCase()} · {formatFileSize(file.size)}
        </Typography>
      </Box>
    </Box>
  );
}

function CustomContent({ attach }: { attach?: string }) {
  const { t } = useTranslation();
  const card = readCustomCard(attach);
  if (!card.title && !card.text) return <>{t('messageType.custom')}</>;
  return (
    <Box data-testid="message-custom">
      {card.title && <Typography sx={{ fontWeight: 600 }}>{card.title}</Typography>}
      {card.text && <Typography variant="body2">{card.text}</Typography>}
      {card.url && (
        <Link href={card.url} target="_blank" rel="noopener noreferrer" color="inherit" variant="body2">
          {t('content.openLink')}
        </Link>
      )}
    </Box>
  );
}

export function MessageContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (message.type === 'image' && message.file) return <ImageContent message={message} file={message.file} />;
  if ((message.type === 'file' || message.type === 'audio' || message.type === 'video') && message.file) return <FileContent file={message.file} />;
  if (message.type === 'custom') return <CustomContent attach={message.attach} />;
  return <>{messageDisplayText(message, t)}</>;
}
