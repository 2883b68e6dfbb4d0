/** Response codes and limits of console-spec §8 and §9, plus the codes this library assigns (docs/security.md). */

/** console-spec §8: the only success code. */
export const SUCCESS_CODE = '00000000';
/** console-spec §8: a verification image must be shown (errInfo.value); login accepts it. */
export const CAPTCHA_REQUIRED = '10103003';
/** console-spec §8: the access token is invalid; reset token and go to login. */
export const TOKEN_INVALID = '10302006';
/** console-spec §8: the AES password is no longer valid; clear it (handshake again). */
export const AES_PASSWORD_INVALID = '10301010';

/**
 * Security failures detected by the server half. Each belongs to the console-spec §8 list that makes
 * the client clear the AES password, reset the token, go to login and create a new session.
 */
export const SecurityCodes = {
  /** Envelope cannot be decoded: not JSON, missing sys/biz, bad base64, unknown fields types. */
  MALFORMED_ENVELOPE: '10301001',
  /** sessionKey unknown to the server, or the session is past its expireTime. */
  SESSION_INVALID: '10301002',
  /** AES-GCM / RSA-OAEP decryption failed: tampered ciphertext or wrong key. */
  DECRYPTION_FAILED: '10301005',
  /** Request signature missing or wrong (AES-RSA2-SIGN). */
  SIGNATURE_INVALID: '10301007',
  /** The nonce was already used in this session (replay). */
  REPLAYED_REQUEST: '10301008',
  /** sys.timestamp outside the allowed window around server time. */
  TIMESTAMP_OUT_OF_WINDOW: '10301009',
  /** The AES session key has not been negotiated for this session (handshake needed). */
  AES_PASSWORD_INVALID,
  /** The security mode (safeType) is not accepted by the server or by this route. */
  MODE_NOT_ALLOWED: '10301011',
} as const;

/** console-spec §8: codes that clear the AES password, reset the token, go to login and create a new session. */
export const SESSION_RESET_CODES: readonly string[] = [
  '10301001',
  '10301002',
  '10301005',
  '10301007',
  '10301008',
  '10301009',
  '10301011',
];

/**
 * The request body is larger than the route accepts (the plugin's bodyLimit; docs/security.md "Body limits").
 * Nothing was decoded or run. Not a session failure: the client keeps its session and shows the text.
 */
export const REQUEST_TOO_LARGE = '10301012';

/** Server-side failure of a route handler that threw something other than an EnvelopeError. */
export const INTERNAL_ERROR_CODE = '99999999';

/** Codes produced on the client (never sent by a server). */
export const ClientCodes = {
  TIMEOUT: 'ST_TIMEOUT',
  NETWORK: 'ST_NETWORK',
  BAD_RESPONSE: 'ST_BAD_RESPONSE',
  FORGED_RESPONSE: 'ST_FORGED_RESPONSE',
  ASYNC_TASK_FAILED: 'ST_ASYNC_TASK_FAILED',
  ASYNC_TASK_NO_DATA: 'ST_ASYNC_TASK_NO_DATA',
  ASYNC_TASK_MAX_RETRIES: 'ST_ASYNC_TASK_MAX_RETRIES',
} as const;

/** console-spec §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** console-spec §4: session set-up starts about 1 second after the token is set. */
export const SESSION_SETUP_DELAY_MS = 1_000;
/** console-spec §9: app identification carried in sys. */
export const APP_TYPE = 'store_web';
export const APP_VERSION_NAME = '5.5.90';
export const APP_VERSION_CODE = '5005090';
/** console-spec §4/§9: async task polling every 1 second, up to 5 tries. */
export const ASYNC_TASK_POLL_INTERVAL_MS = 1_000;
export const ASYNC_TASK_MAX_TRIES = 5;
/** console-spec §4: async task status values. */
export const ASYNC_TASK_SUCCESS = 2;
export const ASYNC_TASK_FAILURE = 3;

/** Replay window: requests whose timestamp is more than 5 minutes from server time are refused. */
export const TIMESTAMP_WINDOW_SECONDS = 300;

/** console-spec §7: session calls. */
export const SESSION_PATHS = {
  createSession: '/v1/store/common/session/createSession',
  handshake: '/v1/store/common/session/handshakeClientAndServer',
  renewSession: '/v1/store/common/session/renewSession',
} as const;

/** console-spec §7: error report and operation log calls. */
export const ERROR_REPORT_CONFIG_PATH = '/v1/store/appconfig/errorReport/getErrorReportConfig';
export const ERROR_REPORT_INSERT_PATH = '/v1/store/alarm/errorReport/insertErrorReport';
export const OPERATION_LOG_PATH = '/v1/store/common/operationLog/insert';

/** console-spec §7: local-storage key that overrides the API base address. */
export const API_BASE_OVERRIDE_KEY = 'merchant.apiBase';

/** Message keys the app translates (user-facing texts go through i18n). */
export const MessageKeys = {
  requestTimedOut: 'secureTransport.requestTimedOut',
  networkError: 'secureTransport.networkError',
  forgedResponse: 'secureTransport.forgedResponse',
  asyncTaskNoData: 'secureTransport.asyncTaskNoData',
  asyncTaskMaxRetries: 'secureTransport.asyncTaskMaxRetries',
} as const;

/** en-US texts of the message keys, used when the app gives no translate function. */
export const DEFAULT_MESSAGES: Record<string, string> = {
  [MessageKeys.requestTimedOut]: 'request timed out',
  [MessageKeys.networkError]: 'network error, please retry',
  [MessageKeys.forgedResponse]: 'the response failed its security check',
  [MessageKeys.asyncTaskNoData]: 'no data obtained',
  [MessageKeys.asyncTaskMaxRetries]: 'the task did not finish in time, please retry later',
};
