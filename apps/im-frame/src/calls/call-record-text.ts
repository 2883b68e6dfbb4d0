// Call records (g2 messages, docs/im-signalling.md "Call records"): the server writes one into the p2p
// conversation when a call ends, from the caller to the callee; its attach is read by im-core's parseCallRecord.
// Here: the line the conversation shows and the label the session list and quotes show.
import type { TFunction } from 'i18next';
import { parseCallRecord, type CallRecord } from '@merchant/im-core';
import type { ChatMessage } from '../chat/chat-client';
import { callKindOf, type CallKind } from './calls-port';

/** im-client-spec §3 message type of a call record. */
export const CALL_RECORD_TYPE = 'g2';

export const isCallRecord = (message: Pick<ChatMessage, 'type'>): boolean => message.type === CALL_RECORD_TYPE;

/** A call's length: m:ss, or h:mm:ss from an hour on. */
export function formatCallDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const ss = String(total % 60).padStart(2, '0');
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

export interface ReadCallRecord {
  /** Undefined when the attach is not a record this version knows. */
  record?: CallRecord;
  kind: CallKind;
}

export function readCallRecord(attach: string | undefined): ReadCallRecord {
  const record = parseCallRecord(attach);
  return record ? { record, kind: callKindOf(record.callType) } : { kind: 'custom' };
}

/**
 * The record's line, from the merchant's side (`flow` out = the merchant called): "Voice call · 0:42",
 * "Call canceled" / "Missed voice call", "Call declined" / "You declined the call"; "[Call]" when unreadable.
 */
export function callRecordText(message: Partial<Pick<ChatMessage, 'attach' | 'flow'>>, t: TFunction): string {
  const { record, kind } = readCallRecord(message.attach);
  if (!record) return t('call.record.unknown');
  const outgoing = message.flow === 'out';
  switch (record.status) {
    case 'completed':
      return t('call.record.completed', { kind: t(`call.record.kinds.${kind}`), duration: formatCallDuration(record.durationSeconds ?? 0) });
    case 'canceled':
      return outgoing ? t('call.record.canceledOut') : t(`call.record.missed.${kind}`);
    case 'rejected':
      return outgoing ? t('call.record.rejectedOut') : t('call.record.rejectedIn');
  }
}

/** The record in the session list and quotes: "[Voice call]", "[Video call]", else "[Call]". */
export function callRecordSnippet(message: Partial<Pick<ChatMessage, 'attach'>>, t: TFunction): string {
  const { record, kind } = readCallRecord(message.attach);
  return record ? t(`call.record.snippet.${kind}`) : t('call.record.unknown');
}
