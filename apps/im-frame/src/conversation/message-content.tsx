// What a message shows, by type (im-client-spec §3): text (emoji included), image (a server-made
// thumbnail) with a preview of the original, audio and video players, file card, tip line, custom
// card, call record line (g2), and a label for the rest. Everything a sender controls is
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
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import { deskCardOf } from '@merchant/api-contracts';
import { DeskCardContent } from '../support-desk/desk-card';
import { useTranslation } from 'react-i18next';
import { processedImageUrl } from '@merchant/im-core/validation';
import type { ChatFile, ChatMessage } from '../chat/chat-client';
import { messageDisplayText } from '../i18n/message-text';
import { callRecordText, isCallRecord, readCallRecord } from '../calls/call-record-text';

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

/** The largest side of a picture or video in a bubble, in CSS pixels. */
export const BUBBLE_MEDIA_SIZE = 240;

/**
 * The box a picture or video of w × h takes in the bubble: scaled down to fit BUBBLE_MEDIA_SIZE,
 * never up. Known before loading, so the list does not jump when the media arrives.
 */
export function bubbleBox(w: number | undefined, h: number | undefined): { width: number; height: number } | undefined {
  if (!w || !h || w <= 0 || h <= 0 || !Number.isFinite(w) || !Number.isFinite(h)) return undefined;
  const scale = Math.min(1, BUBBLE_MEDIA_SIZE / w, BUBBLE_MEDIA_SIZE / h);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

/**
 * The server-made thumbnail of a picture (image-rules' thumbnail, contain), twice the bubble size
 * for sharp screens; undefined when the address cannot carry one.
 */
export function thumbnailUrl(url: string): string | undefined {
  try {
    return processedImageUrl(url, [{ type: 'thumbnail', mode: 'contain', width: BUBBLE_MEDIA_SIZE * 2, height: BUBBLE_MEDIA_SIZE * 2 }]);
  } catch {
    return undefined;
  }
}

/** m:ss (or h:mm:ss) of a length in milliseconds. */
export function formatDuration(ms: number | undefined): string {
  const total = Math.max(0, Math.round((ms ?? 0) / 1000));
  const seconds = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

function ImageContent({ message, file }: { message: ChatMessage; file: ChatFile }) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState(false);
  const url = safeHttpUrl(file.url);
  const thumbnail = url ? thumbnailUrl(url) : undefined;
  // A server without image operations, or an object it cannot process: the original instead.
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  const name = file.name || t('messageType.image');
  if (!url) return <>{t('messageType.image')}</>;
  const box = bubbleBox(file.w, file.h);
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
        <Box
          component="img"
          src={thumbnail && !thumbnailFailed ? thumbnail : url}
          onError={() => setThumbnailFailed(true)}
          alt={name}
          loading="lazy"
          referrerPolicy="no-referrer"
          data-testid="message-image-thumbnail"
          {...(box ? { width: box.width, height: box.height } : {})}
          sx={{ display: 'block', maxWidth: BUBBLE_MEDIA_SIZE, maxHeight: BUBBLE_MEDIA_SIZE, objectFit: 'contain', borderRadius: 1, bgcolor: 'action.hover' }}
        />
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

function DownloadLink({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" download={name} color="inherit" underline="always" variant="caption" aria-label={t('media.downloadLabel', { name })} data-testid="message-download">
      {t('media.download')}
    </Link>
  );
}

/** Who sent it, for a player's label: "Me" for the merchant's own. */
function senderOf(message: ChatMessage, t: (key: string) => string): string {
  return message.flow === 'out' ? t('conversation.you') : message.fromNick || message.from;
}

/**
 * Audio and video: the browser's own player (keyboard and screen-reader ready), loading only the
 * metadata until played; the length from the message shows before that.
 */
function MediaContent({ message, file, kind }: { message: ChatMessage; file: ChatFile; kind: 'audio' | 'video' }) {
  const { t } = useTranslation();
  const url = safeHttpUrl(file.url);
  const name = file.name || `${t(`messageType.${kind}`)}.${file.ext}`;
  if (!url) return <>{t(`messageType.${kind}`)}</>;
  const duration = formatDuration(file.dur);
  const label = t(kind === 'audio' ? 'media.audioLabel' : 'media.videoLabel', { sender: senderOf(message, t), duration });
  const box = kind === 'video' ? bubbleBox(file.w, file.h) : undefined;
  return (
    <Box data-testid={kind === 'audio' ? 'message-audio' : 'message-video'} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, maxWidth: kind === 'audio' ? 280 : BUBBLE_MEDIA_SIZE, minWidth: kind === 'video' ? 200 : undefined }}>
      {kind === 'audio' ? (
        <Box component="audio" controls preload="metadata" src={url} aria-label={label} sx={{ display: 'block', width: 260, maxWidth: '100%', height: 40 }} />
      ) : (
        <Box
          component="video"
          controls
          preload="metadata"
          playsInline
          src={url}
          aria-label={label}
          {...(box ? { width: box.width, height: box.height } : {})}
          sx={{ display: 'block', maxWidth: BUBBLE_MEDIA_SIZE, maxHeight: BUBBLE_MEDIA_SIZE, borderRadius: 1, bgcolor: 'common.black' }}
        />
      )}
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="caption" noWrap title={name} sx={{ flex: 1, minWidth: 0, opacity: 0.8 }}>
          <span data-testid="message-duration">{duration}</span> · {name} · {formatFileSize(file.size)}
        </Typography>
        <DownloadLink url={url} name={name} />
      </Box>
    </Box>
  );
}

function CustomContent({ attach }: { attach?: string }) {
  const { t } = useTranslation();
  // A support desk card is drawn from its fields in the reader's language; any other custom message from its title and text.
  const deskCard = deskCardOf(attach);
  const card = readCustomCard(attach);
  if (deskCard) return <DeskCardContent card={deskCard} />;
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

/**
 * A call record (g2): a line with the call's icon and how it went, from the merchant's side ("Voice call · 0:42",
 * "Missed video call", …); text only, no actions.
 */
function CallRecordContent({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const { record, kind } = readCallRecord(message.attach);
  const Icon = kind === 'video' ? VideocamOutlined : PhoneOutlined;
  return (
    <Box component="span" data-testid="message-call-record" data-call-status={record?.status ?? 'unknown'} data-call-kind={kind} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Icon fontSize="small" aria-hidden />
      <span>{callRecordText(message, t)}</span>
    </Box>
  );
}

export function MessageContent({ message, nameOf }: { message: ChatMessage; nameOf?: (account: string) => string }) {
  const { t } = useTranslation();
  if (message.type === 'image' && message.file) return <ImageContent message={message} file={message.file} />;
  if ((message.type === 'audio' || message.type === 'video') && message.file) return <MediaContent message={message} file={message.file} kind={message.type} />;
  if (message.type === 'file' && message.file) return <FileContent file={message.file} />;
  if (message.type === 'custom') return <CustomContent attach={message.attach} />;
  if (isCallRecord(message)) return <CallRecordContent message={message} />;
  return <>{messageDisplayText(message, t, nameOf)}</>;
}
