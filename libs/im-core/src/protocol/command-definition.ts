import { defineRecord, RecordFields, RecordOf, RecordSchema } from './schema';

/**
 * Every response may carry these beside its own fields when the code is not a success
 * (docs/protocol.md, "Errors"). Tags 120–121 are therefore reserved in response schemas.
 */
export const RESPONSE_ERROR_FIELDS = {
  errMsg: [120, 'string'],
  /** Frequency control (416): seconds the client must wait before calling the command again. */
  retryAfterSeconds: [121, 'int'],
} as const;
type ResponseErrorFields = typeof RESPONSE_ERROR_FIELDS;

/** `request`: the client sends, the server answers. `push`: the server sends on its own. */
export type CommandKind = 'request' | 'push';

export interface CommandDefinition<Q extends RecordFields = RecordFields, R extends RecordFields = RecordFields, K extends CommandKind = CommandKind> {
  readonly kind: K;
  readonly serviceId: number;
  readonly commandId: number;
  /** Body of client→server frames. */
  readonly request: RecordSchema<Q>;
  /** Body of server→client frames (responses and pushes). */
  readonly response: RecordSchema<R>;
}

export interface NamedCommandDefinition extends CommandDefinition {
  readonly name: string;
}

export function requestCommand<Q extends RecordFields, R extends RecordFields>(
  serviceId: number,
  commandId: number,
  requestFields: Q,
  responseFields: R,
): CommandDefinition<Q, R & ResponseErrorFields, 'request'> {
  return {
    kind: 'request',
    serviceId,
    commandId,
    request: defineRecord(`${serviceId}/${commandId} request`, requestFields),
    response: defineRecord(`${serviceId}/${commandId} response`, { ...responseFields, ...RESPONSE_ERROR_FIELDS }),
  };
}

const NO_FIELDS = {} as const;

/** A server push; the client sends nothing back on the same command (acks go through markRead). */
export function pushCommand<R extends RecordFields>(
  serviceId: number,
  commandId: number,
  pushFields: R,
): CommandDefinition<typeof NO_FIELDS, R & ResponseErrorFields, 'push'> {
  return {
    kind: 'push',
    serviceId,
    commandId,
    request: defineRecord(`${serviceId}/${commandId} request`, NO_FIELDS),
    response: defineRecord(`${serviceId}/${commandId} push`, { ...pushFields, ...RESPONSE_ERROR_FIELDS }),
  };
}

export type RequestBodyOf<D> = D extends CommandDefinition<infer Q, RecordFields, CommandKind> ? RecordOf<RecordSchema<Q>> : never;
export type ResponseBodyOf<D> = D extends CommandDefinition<RecordFields, infer R, CommandKind> ? RecordOf<RecordSchema<R>> : never;
