import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';

export interface ReconnectOptions {
  /** Reconnect automatically after a disconnect (default true). */
  needReconnect?: boolean;
  /** Look the link up again on every reconnect instead of reusing the last one (default false). */
  noCacheLinkUrl?: boolean;
  /** Reconnect attempts before giving up with allAttemptsFailed (default 10; Infinity allowed). */
  reconnectionAttempts?: number;
}

/** im-client-spec §5 "Sync options": needReconnect and noCacheLinkUrl boolean, reconnectionAttempts a number. */
export function validateReconnectOptions(options: ReconnectOptions): void {
  const { needReconnect, noCacheLinkUrl, reconnectionAttempts } = options as Record<string, unknown>;
  if (needReconnect !== undefined && typeof needReconnect !== 'boolean') {
    throw new ImError(ImErrorName.Param_Error, 'needReconnect must be a boolean');
  }
  if (noCacheLinkUrl !== undefined && typeof noCacheLinkUrl !== 'boolean') {
    throw new ImError(ImErrorName.Param_Error, 'noCacheLinkUrl must be a boolean');
  }
  if (reconnectionAttempts !== undefined && (typeof reconnectionAttempts !== 'number' || Number.isNaN(reconnectionAttempts) || reconnectionAttempts < 0)) {
    throw new ImError(ImErrorName.Param_Error, 'reconnectionAttempts must be a number of at least 0');
  }
}
