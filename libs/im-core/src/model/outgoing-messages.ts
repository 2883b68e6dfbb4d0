import { ImError, ImErrorName, ResponseCode } from '../errors';
import { sessionIdOf, type ImFileInfo, type ImMessage, type ImMessageType, type ImScene } from '../store/entities';
import { validateNeedMsgReceipt, validatePs, validateScene } from '../validation/message-rules';
import { assertSendable, normalizeGeo, normalizeSendRecord, type GeoContent, type RobotContent } from './message-types';
import { toWireMessage } from './wire-mapping';

// Outgoing messages of every sendable §3 type. Each builder makes the message as it will be stored
// (status sending, flow out), then checks its wire form with the rules im-server runs too
// (message-types.ts), so a refused input throws ImError(Param_Error) before anything is stored or sent.

/** What every send call may carry besides its content (§3 "Push and policy", §5 ps). */
export interface SendCommonInput {
  scene: ImScene;
  to: string;
  subType?: number;
  custom?: string;
  pushContent?: string;
  pushPayload?: string;
  needPushNick?: boolean;
  needMsgReceipt?: boolean;
  isUnreadable?: boolean;
  /** §5 "ps at most 5000 long"; checked, kept locally (localCustom is not touched). */
  ps?: string;
}

export interface SendFileInput extends SendCommonInput {
  /** An uploaded file (§3 "Uploaded file result"): url, ext and size required; images w/h, video w/h/dur, audio dur. */
  file: ImFileInfo;
}
export interface SendGeoInput extends SendCommonInput {
  /** loc_x, loc_y, loc_z default to 0 when not a number (§3). */
  geo: Partial<Record<keyof GeoContent, unknown>>;
}
export interface SendTipInput extends SendCommonInput {
  tip: string;
}
export interface SendCustomInput extends SendCommonInput {
  /** The custom content, sent as attach (a string, usually JSON). */
  content: string;
}
export interface SendRobotInput extends SendCommonInput {
  robotAccid: string;
  content: NonNullable<RobotContent['content']>;
}

export interface OutgoingContext {
  idClient: string;
  account: string;
  time: number;
  fromNick?: string;
}

type Content = Pick<ImMessage, 'text' | 'tip' | 'attach' | 'file'>;

function optionalFields(input: SendCommonInput): Partial<ImMessage> {
  const fields: Partial<ImMessage> = {
    subType: input.subType,
    custom: input.custom,
    pushContent: input.pushContent,
    pushPayload: input.pushPayload,
    needPushNick: input.needPushNick,
    needMsgReceipt: input.needMsgReceipt,
    isUnreadable: input.isUnreadable,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<ImMessage>;
}

/**
 * Builds and checks one outgoing message. The §5 rules run on the wire form (the server runs the
 * same); geo's defaults are applied to the stored message too.
 */
export function buildOutgoing(type: ImMessageType, input: SendCommonInput, content: Content, context: OutgoingContext): ImMessage {
  if (typeof input !== 'object' || input === null) throw new ImError(ImErrorName.Param_Error, 'send options are required', { code: ResponseCode.PARAMETER_ERROR });
  const scene = validateScene(input.scene);
  validatePs(input.ps);
  validateNeedMsgReceipt(input.needMsgReceipt);
  if (typeof input.to !== 'string' || input.to.trim() === '') throw new ImError(ImErrorName.Param_Error, 'to must be a non-empty string', { code: ResponseCode.PARAMETER_ERROR });
  const defined = Object.fromEntries(Object.entries(content).filter(([, value]) => value !== undefined)) as Content;
  const message: ImMessage = {
    ...optionalFields(input),
    ...defined,
    idClient: context.idClient,
    sessionId: sessionIdOf(scene, input.to),
    scene,
    from: context.account,
    to: input.to,
    ...(context.fromNick ? { fromNick: context.fromNick } : {}),
    time: context.time,
    type,
    flow: 'out',
    status: 'sending',
  };
  const wire = normalizeSendRecord(toWireMessage(message));
  assertSendable(wire);
  const normalized: ImMessage = { ...message, attach: wire.attach, text: wire.text, tip: wire.tip, file: message.file && wire.file ? message.file : undefined };
  return Object.fromEntries(Object.entries(normalized).filter(([, value]) => value !== undefined)) as ImMessage;
}

export function buildFileMessage(type: 'image' | 'audio' | 'video' | 'file', input: SendFileInput, context: OutgoingContext): ImMessage {
  const file = input?.file;
  return buildOutgoing(type, input, { file: file && typeof file === 'object' ? { ...file } : file }, context);
}

export function buildGeoMessage(input: SendGeoInput, context: OutgoingContext): ImMessage {
  return buildOutgoing('geo', input, { attach: JSON.stringify(normalizeGeo(input?.geo)) }, context);
}

export function buildTipMessage(input: SendTipInput, context: OutgoingContext): ImMessage {
  return buildOutgoing('tip', input, { tip: input?.tip }, context);
}

export function buildCustomMessage(input: SendCustomInput, context: OutgoingContext): ImMessage {
  return buildOutgoing('custom', input, { attach: input?.content }, context);
}

export function buildRobotMessage(input: SendRobotInput, context: OutgoingContext): ImMessage {
  const attach: RobotContent = { robotAccid: input?.robotAccid, content: input?.content };
  return buildOutgoing('robot', input, { attach: JSON.stringify(attach) }, context);
}

export interface ForwardInput {
  scene: ImScene;
  to: string;
}

/**
 * §4 "Forwarding assigns a new client id": the same content (type, subType, text, tip, attach,
 * file, custom) as a new outgoing message to another session. §5: the message must have a type
 * that can be sent, else "cannot send message of type ...".
 */
export function buildForward(original: ImMessage, target: ForwardInput, context: OutgoingContext): ImMessage {
  if (typeof original !== 'object' || original === null) throw new ImError(ImErrorName.Param_Error, 'msg is required', { code: ResponseCode.PARAMETER_ERROR });
  if (typeof target !== 'object' || target === null) throw new ImError(ImErrorName.Param_Error, 'forward target is required', { code: ResponseCode.PARAMETER_ERROR });
  if (context.idClient === original.idClient) throw new ImError(ImErrorName.Param_Error, 'a forwarded message needs a new idClient', { code: ResponseCode.PARAMETER_ERROR });
  return buildOutgoing(
    original.type,
    { scene: target.scene, to: target.to, subType: original.subType, custom: original.custom },
    { text: original.text, tip: original.tip, attach: original.attach, file: original.file },
    context,
  );
}
