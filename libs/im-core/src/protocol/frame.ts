import { ProtocolError } from '../errors/im-error';
import { beginWrite, decodeBody, finishWrite, frameStartOffset, writeFields, writerBuffer } from './body-codec';
import { CommandName, COMMANDS, CommandTable } from './commands';
import { NamedCommandDefinition, RequestBodyOf, ResponseBodyOf } from './command-definition';
import { FRAME_HEADER_BYTES, FrameFlag, HEARTBEAT_SERIAL_ID, MAX_FRAME_BYTES, MAX_SERIAL_ID, PROTOCOL_VERSION } from './constants';
import { ProtocolRecord, RecordFields, RecordSchema } from './schema';

/** Frame header (docs/protocol.md, "Frame"). */
export interface FrameHeader {
  serviceId: number;
  commandId: number;
  /** 1..32767 for requests and their responses; 0 for heartbeats and pushes. */
  serialId: number;
  /** Response status (200 = success); 0 in client requests. */
  code: number;
  flags: number;
}

export interface DecodedFrame extends FrameHeader {
  name: CommandName;
  command: NamedCommandDefinition;
  body: ProtocolRecord;
}

export interface OutgoingFrame {
  name: CommandName;
  serialId: number;
  code?: number;
  flags?: number;
  body?: ProtocolRecord;
}

const byPair = new Map<number, NamedCommandDefinition>();
const byName = new Map<string, NamedCommandDefinition>();
for (const [name, definition] of Object.entries(COMMANDS)) {
  const pair = definition.serviceId * 256 + definition.commandId;
  const clash = byPair.get(pair);
  if (clash) throw new Error(`command ${name} reuses ${definition.serviceId}/${definition.commandId} of ${clash.name}`);
  const named: NamedCommandDefinition = { ...(definition as unknown as NamedCommandDefinition), name };
  byPair.set(pair, named);
  byName.set(name, named);
}

/** Looks a command up by name; undefined for names not in the table. */
export function commandByName(name: string): NamedCommandDefinition | undefined {
  return byName.get(name);
}

/** Looks a command up by its (service, command) pair. */
export function commandByIds(serviceId: number, commandId: number): NamedCommandDefinition | undefined {
  return byPair.get(serviceId * 256 + commandId);
}

/** All commands of the table, for documentation and servers registering handlers. */
export function allCommands(): readonly NamedCommandDefinition[] {
  return [...byName.values()];
}

function isFromServer(flags: number): boolean {
  return (flags & (FrameFlag.RESPONSE | FrameFlag.PUSH)) !== 0;
}

function checkHeaderRange(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) throw new ProtocolError(`${name} ${value} is outside 0..${max}`, 998);
}

/**
 * Encodes a frame. Client→server frames (no RESPONSE/PUSH flag) use the command's request
 * schema, server→client frames its response schema. Throws only ProtocolError (998/999).
 */
export function encodeFrame(frame: OutgoingFrame): Uint8Array {
  const command = byName.get(frame.name);
  if (!command) throw new ProtocolError(`unknown command ${String(frame.name)}`, 999);
  const flags = frame.flags ?? 0;
  const code = frame.code ?? 0;
  checkHeaderRange('serialId', frame.serialId, MAX_SERIAL_ID);
  checkHeaderRange('code', code, 0xffff);
  checkHeaderRange('flags', flags, 0xff);
  const schema = (isFromServer(flags) ? command.response : command.request) as RecordSchema<RecordFields>;
  beginWrite(FRAME_HEADER_BYTES);
  const header = writerBuffer();
  const at = frameStartOffset();
  header[at] = PROTOCOL_VERSION;
  header[at + 1] = flags;
  header[at + 2] = command.serviceId;
  header[at + 3] = command.commandId;
  header[at + 4] = frame.serialId >>> 8;
  header[at + 5] = frame.serialId & 0xff;
  header[at + 6] = code >>> 8;
  header[at + 7] = code & 0xff;
  if (frame.body) {
    if (typeof frame.body !== 'object' || Array.isArray(frame.body)) throw new ProtocolError('body must be a record', 998);
    writeFields(schema, frame.body);
  }
  return finishWrite();
}

/** Reads the header only; throws ProtocolError when there is no valid header. */
export function decodeFrameHeader(bytes: Uint8Array): FrameHeader {
  if (!(bytes instanceof Uint8Array)) throw new ProtocolError('frame is not binary data');
  if (bytes.length < FRAME_HEADER_BYTES) throw new ProtocolError(`frame of ${bytes.length} bytes is shorter than its header`);
  if (bytes.length > MAX_FRAME_BYTES) throw new ProtocolError(`frame of ${bytes.length} bytes exceeds ${MAX_FRAME_BYTES}`);
  if (bytes[0] !== PROTOCOL_VERSION) throw new ProtocolError(`unsupported protocol version ${bytes[0]}`);
  const serialId = (bytes[4] << 8) | bytes[5];
  if (serialId > MAX_SERIAL_ID) throw new ProtocolError(`serialId ${serialId} exceeds ${MAX_SERIAL_ID}`);
  return { flags: bytes[1], serviceId: bytes[2], commandId: bytes[3], serialId, code: (bytes[6] << 8) | bytes[7] };
}

/** Raised for a well-formed frame of a command this side does not know (code 999). */
export class UnknownCommandError extends ProtocolError {
  constructor(readonly header: FrameHeader) {
    super(`unknown command ${header.serviceId}/${header.commandId}`, 999);
    this.name = 'UnknownCommandError';
  }
}

/** Decodes a frame. Any malformed input throws ProtocolError, and nothing else ever escapes. */
export function decodeFrame(data: Uint8Array | ArrayBuffer): DecodedFrame {
  try {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : data;
    const header = decodeFrameHeader(bytes);
    const command = byPair.get(header.serviceId * 256 + header.commandId);
    if (!command) throw new UnknownCommandError(header);
    const schema = (isFromServer(header.flags) ? command.response : command.request) as RecordSchema<RecordFields>;
    const body = decodeBody(schema, bytes, FRAME_HEADER_BYTES, bytes.length);
    return {
      serviceId: header.serviceId,
      commandId: header.commandId,
      serialId: header.serialId,
      code: header.code,
      flags: header.flags,
      name: command.name as CommandName,
      command,
      body,
    };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    throw new ProtocolError(`malformed frame: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Typed helper: a client request. */
export function encodeRequest<N extends CommandName>(name: N, serialId: number, body: RequestBodyOf<CommandTable[N]>): Uint8Array {
  return encodeFrame({ name, serialId, body: body as ProtocolRecord });
}

/** Typed helper: the server's answer to a request. */
export function encodeResponse<N extends CommandName>(name: N, serialId: number, code: number, body: ResponseBodyOf<CommandTable[N]>): Uint8Array {
  return encodeFrame({ name, serialId, code, flags: FrameFlag.RESPONSE, body: body as ProtocolRecord });
}

/** Typed helper: a server push (serial 0, code 200). */
export function encodePush<N extends CommandName>(name: N, body: ResponseBodyOf<CommandTable[N]>): Uint8Array {
  return encodeFrame({ name, serialId: HEARTBEAT_SERIAL_ID, code: 200, flags: FrameFlag.PUSH, body: body as ProtocolRecord });
}
