/**
 * console-spec §7/§8: load the error-report config at start, keep the last cacheNumber exchanges
 * (secrets redacted), and upload them when a configured code comes back.
 */
import { ERROR_REPORT_CONFIG_PATH, ERROR_REPORT_INSERT_PATH } from '../constants';
import type { ExchangeRecord, SecureClient } from './client';

export interface ErrorReportConfig {
  cacheNumber: number;
  errorCodeList: string[];
}

export interface ErrorReport {
  errorCode: string;
  path: string;
  reportedAt: number;
  records: ExchangeRecord[];
}

export interface ErrorReporterOptions {
  client: SecureClient;
  configPath?: string;
  insertPath?: string;
}

export interface ErrorReporter {
  /** Loads the config; until then nothing is recorded. Resolves false when the config could not be loaded. */
  start(): Promise<boolean>;
  stop(): void;
  /** The redacted records currently held, oldest first. */
  records(): ExchangeRecord[];
  /** Settles when the uploads started so far have finished (useful for tests and page unload). */
  flush(): Promise<void>;
}

/** Field names whose values never leave the browser in a report. */
const SECRET_FIELD = /token|password|secret|signature|privatekey|aespassword|sessionkey|captcha/i;
export const REDACTED = '[redacted]';

/** Deep copy with every secret-looking field replaced; strings that are not JSON objects stay as they are. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20) return REDACTED; // pathological nesting: stop rather than blow the stack
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_FIELD.test(key) ? REDACTED : redactSecrets(item, depth + 1);
    }
    return out;
  }
  return value;
}

export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const configPath = options.configPath ?? ERROR_REPORT_CONFIG_PATH;
  const insertPath = options.insertPath ?? ERROR_REPORT_INSERT_PATH;
  const ownPaths = new Set([configPath, insertPath]);
  let config: ErrorReportConfig | undefined;
  let buffer: ExchangeRecord[] = [];
  let unsubscribe: (() => void) | undefined;
  const uploads = new Set<Promise<unknown>>();

  function onExchange(record: ExchangeRecord): void {
    if (!config || ownPaths.has(record.path)) return;
    buffer.push(redactSecrets(record) as ExchangeRecord);
    if (buffer.length > config.cacheNumber) buffer = buffer.slice(buffer.length - config.cacheNumber);
    const code = record.response?.code ?? record.errorCode;
    if (code && config.errorCodeList.includes(code)) upload(code, record.path);
  }

  function upload(errorCode: string, path: string): void {
    const report: ErrorReport = { errorCode, path, reportedAt: Math.floor(Date.now() / 1000), records: buffer.slice() };
    const sending = options.client
      .post(insertPath, report, { silent: true })
      .catch(() => undefined) // a failed report must not bother the merchant
      .finally(() => uploads.delete(sending));
    uploads.add(sending);
  }

  return {
    async start() {
      try {
        const loaded = await options.client.post<Partial<ErrorReportConfig>>(configPath, {}, { silent: true });
        config = {
          cacheNumber: Math.max(0, Math.floor(Number(loaded?.cacheNumber) || 0)),
          errorCodeList: Array.isArray(loaded?.errorCodeList) ? loaded.errorCodeList.map(String) : [],
        };
      } catch {
        return false;
      }
      unsubscribe ??= options.client.onExchange(onExchange);
      return true;
    },
    stop() {
      unsubscribe?.();
      unsubscribe = undefined;
    },
    records: () => buffer.slice(),
    async flush() {
      await Promise.all([...uploads]);
    },
  };
}
