import { MessageTypeCode } from '../protocol/constants';

// The call record (im-client-spec §3 message type g2, §7 read-ack pair 9/11): when a call ends, the server writes one
// g2 message into the caller's and the callee's p2p conversation and pushes it as netcallMsg. Its attach is the JSON
// written and read here, so im-server (through @merchant/im-core/server) and the clients cannot read it differently.
// docs/im-signalling.md "Call records".

/** How the invitation ended: answered and later closed, withdrawn by the caller (or closed while ringing), or declined. */
export const CALL_RECORD_STATUSES = ['completed', 'canceled', 'rejected'] as const;
export type CallRecordStatus = (typeof CALL_RECORD_STATUSES)[number];

/** g2's numeric type code (§3). */
export const CALL_RECORD_TYPE_CODE = MessageTypeCode.g2;

export interface CallRecord {
  /** The signalling channel of the call. */
  channelId: string;
  /** The channel's §5 type: 1 audio, 2 video, 3 custom. */
  callType: number;
  status: CallRecordStatus;
  /** completed only: whole seconds from the answer to the close. */
  durationSeconds?: number;
}

/** The g2 message's attach. */
export function callRecordAttach(record: CallRecord): string {
  const { channelId, callType, status, durationSeconds } = record;
  return JSON.stringify(status === 'completed' ? { channelId, callType, status, durationSeconds: Math.max(0, Math.floor(durationSeconds ?? 0)) } : { channelId, callType, status });
}

/** A g2 attach read back; undefined for anything that is not a call record this version knows (shown as an unknown message). */
export function parseCallRecord(attach: string | undefined): CallRecord | undefined {
  if (!attach) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(attach);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { channelId, callType, status, durationSeconds } = value as Record<string, unknown>;
  if (typeof channelId !== 'string' || typeof callType !== 'number' || !Number.isInteger(callType)) return undefined;
  if (!CALL_RECORD_STATUSES.includes(status as CallRecordStatus)) return undefined;
  const record: CallRecord = { channelId, callType, status: status as CallRecordStatus };
  if (status === 'completed') {
    if (typeof durationSeconds !== 'number' || !Number.isSafeInteger(durationSeconds) || durationSeconds < 0) return undefined;
    record.durationSeconds = durationSeconds;
  }
  return record;
}
