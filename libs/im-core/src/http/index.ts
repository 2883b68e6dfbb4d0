export { buildUrl, HttpClient, HttpError, HTTP_DEFAULT_TIMEOUT_MS, HTTP_TIMEOUT_CODE, HTTP_UPLOAD_TIMEOUT_MS } from './http-client';
export type { HttpBody, HttpCallOptions, HttpClientOptions, HttpFailureKind, HttpQuery, HttpResponse, HttpTimers, QueryValue, UploadBody } from './http-client';
