/** Protocol constants. Values the spec gives cite it; the rest are our design (docs/protocol.md). */

/** Protocol version: the first header byte, and the `pv` query of the location service (im-client-spec §7). */
export const PROTOCOL_VERSION = 1;

/** Header: version, flags, serviceId, commandId, serialId (u16), code (u16). */
export const FRAME_HEADER_BYTES = 8;

/** Largest frame either side sends or accepts (our design, docs/protocol.md "Limits"). */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** Records nest at most this deep; protects the decoder's stack. */
export const MAX_NESTING_DEPTH = 16;

/** Integers travel zigzag-encoded, exact up to ±(2^52 − 1) (timestamps in ms need 41 bits). */
export const MAX_WIRE_INT = 2 ** 52 - 1;

/** Sequence numbers cycle 1..32767 (im-client-spec §7, §9). */
export const MAX_SERIAL_ID = 32767;

/** Heartbeat and server pushes use sequence 0 (im-client-spec §7). */
export const HEARTBEAT_SERIAL_ID = 0;

/** Header flag bits. */
export const FrameFlag = {
  /** The server's answer to the client request with the same serialId. */
  RESPONSE: 1,
  /** A server-initiated command (new message, kick, sync data...). */
  PUSH: 2,
} as const;

/** Client type code for web (im-client-spec §9). */
export const CLIENT_TYPE_WEB = 16;

/** Message type codes on the wire (im-client-spec §3 lists codes 0–6, 10, 11, 12, 100; mapping ours). */
export const MessageTypeCode = {
  text: 0,
  image: 1,
  audio: 2,
  video: 3,
  geo: 4,
  notification: 5,
  file: 6,
  tip: 10,
  robot: 11,
  g2: 12,
  custom: 100,
} as const;
export type MessageTypeName = keyof typeof MessageTypeCode;

/** Session scenes (im-client-spec §3). */
export const SceneCode = { p2p: 0, team: 1, superTeam: 5 } as const;
export type SceneName = keyof typeof SceneCode;
