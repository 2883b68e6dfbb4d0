/** console-spec §3/§7: operation log entries (operationType, operationStartTime in seconds). */
import { OPERATION_LOG_PATH } from '../constants';
import type { SecureClient } from './client';

export const OperationTypes = ['OPEN_APP', 'CLOSE_APP', 'USER_LOGIN', 'USER_LOGOUT'] as const;
export type OperationType = (typeof OperationTypes)[number];

export interface OperationLogEntry {
  operationType: OperationType;
  /** Integer seconds, like every timestamp on the wire. */
  operationStartTime: number;
}

export interface OperationLogOptions {
  path?: string;
  /** Milliseconds; defaults to now. */
  startedAt?: number;
}

/** Posts one entry silently: a lost log line must never interrupt the merchant. */
export async function logOperation(
  client: Pick<SecureClient, 'post'>,
  operationType: OperationType,
  options: OperationLogOptions = {},
): Promise<OperationLogEntry> {
  if (!OperationTypes.includes(operationType)) throw new TypeError(`unknown operationType ${String(operationType)}`);
  const entry: OperationLogEntry = {
    operationType,
    operationStartTime: Math.floor((options.startedAt ?? Date.now()) / 1000),
  };
  await client.post(options.path ?? OPERATION_LOG_PATH, entry, { silent: true });
  return entry;
}
