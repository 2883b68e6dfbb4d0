// The console's view of the @merchant/secure-transport client (contract 0001, "Envelope").
// Declared structurally so tests can pass a fake client, and the baseQuery can be written once.
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { CAPTCHA_REQUIRED, type ClientReactions, type ExchangeRecord, type RequestOptions } from '@merchant/secure-transport';
import { captchaKeyReceived } from './captchaSlice';

/** What the client does on the §8 error codes; the console implements all of them (transportReactions.ts). */
export type TransportReactions = Required<ClientReactions>;

/** The part of `SecureClient` the console uses; a fake with these two methods is enough in tests. */
export interface TransportClient {
  post<T>(path: string, biz?: unknown, options?: RequestOptions): Promise<T>;
  setAccessToken(token: string | null): void;
  /** Observes every exchange (the real client has it); the error reporter needs it (telemetry.ts). */
  onExchange?(listener: (record: ExchangeRecord) => void): () => void;
}

/** The error shape every endpoint sees (SecureTransportError's fields). */
export interface ApiError {
  code: string;
  msg: string;
  errInfo?: unknown;
}

/** Code used when the failure did not come from the client at all (a bug in a fake or a thrown string). */
export const CLIENT_ERROR_CODE = 'CLIENT_ERROR';

export interface EnvelopeRequest {
  path: string;
  biz?: unknown;
  options?: RequestOptions;
}

/** The extra argument every thunk and the baseQuery receive. */
export interface ConsoleThunkExtra {
  client: TransportClient;
}

function hasStringField<K extends string>(value: unknown, key: K): value is Record<K, string> {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[key] === 'string';
}

export function toApiError(error: unknown): ApiError {
  if (hasStringField(error, 'code') && hasStringField(error, 'msg')) {
    const errInfo = (error as { errInfo?: unknown }).errInfo;
    return errInfo === undefined ? { code: error.code, msg: error.msg } : { code: error.code, msg: error.msg, errInfo };
  }
  if (error instanceof Error) return { code: CLIENT_ERROR_CODE, msg: error.message };
  return { code: CLIENT_ERROR_CODE, msg: String(error) };
}

export function isApiError(value: unknown): value is ApiError {
  return hasStringField(value, 'code') && hasStringField(value, 'msg');
}

/**
 * RTK Query's baseQuery over the secure client. The §8 reactions (login redirect, error toast,
 * captcha, timeout) already ran inside the client; here failures only become `{ error }` values.
 */
export const secureBaseQuery: BaseQueryFn<EnvelopeRequest, unknown, ApiError> = async (request, api) => {
  const { client } = api.extra as ConsoleThunkExtra;
  try {
    const data = await client.post<unknown>(request.path, request.biz, request.options);
    return { data: data ?? null };
  } catch (error) {
    const apiError = toApiError(error);
    // The captcha reaction only gets the image; keep the image's key for checkCaptchaCode.
    const captchaKey = (apiError.errInfo as { key?: unknown } | undefined)?.key;
    if (apiError.code === CAPTCHA_REQUIRED && typeof captchaKey === 'string') api.dispatch(captchaKeyReceived(captchaKey));
    return { error: apiError };
  }
};
