// The console's side of the frame bridge on a bare page, for the cross-origin protocol test in real
// Chromium (e2e/tests/frame-protocol.spec.ts bundles this file; the console's build never imports
// it). It posts and reads with the same functions as ImFrameHost and ImFrameEvents, so the test
// fails if either drifts from the shared protocol in @merchant/api-contracts.
import {
  CONSOLE_TO_FRAME_TYPES,
  FRAME_TO_CONSOLE_TYPES,
  consoleToFrameMessage,
  type ConsoleToFrameMessageOf,
  type ConsoleToFrameType,
  type FrameToConsoleMessage,
  type FrameToConsoleType,
} from '@merchant/api-contracts';
import { originOf, postToFrame, readFrameMessage } from './frameProtocol';

/** One postMessage event that reached the console page, and what the console made of it. */
export interface ReceivedFromFrame {
  origin: string;
  data: unknown;
  /** null: refused (wrong origin or malformed). */
  message: FrameToConsoleMessage | null;
}

export interface ConsoleBridgeProbe {
  /** Every message type the protocol declares, so the test notices one it does not send. */
  readonly protocolTypes: { frameToConsole: readonly FrameToConsoleType[]; consoleToFrame: readonly ConsoleToFrameType[] };
  readonly frameOrigin: string | null;
  readonly received: ReceivedFromFrame[];
  /** Posts a protocol message to the frame at its origin, as ImFrameHost does. */
  send<Type extends ConsoleToFrameType>(type: Type, payload: ConsoleToFrameMessageOf<Type>['payload']): boolean;
  /** Posts anything at the frame's origin, to see the frame refuse what is malformed. */
  sendRaw(data: unknown): void;
}

export function startConsoleBridgeProbe(frame: HTMLIFrameElement): ConsoleBridgeProbe {
  const frameOrigin = originOf(frame.src);
  const received: ReceivedFromFrame[] = [];
  window.addEventListener('message', (event: MessageEvent) => {
    received.push({ origin: event.origin, data: event.data as unknown, message: readFrameMessage(event, frameOrigin) });
  });
  return {
    protocolTypes: { frameToConsole: FRAME_TO_CONSOLE_TYPES, consoleToFrame: CONSOLE_TO_FRAME_TYPES },
    frameOrigin,
    received,
    send: (type, payload) => postToFrame(frame.contentWindow, frameOrigin, consoleToFrameMessage(type, payload)),
    sendRaw: (data) => {
      if (frameOrigin) frame.contentWindow?.postMessage(data, frameOrigin);
    },
  };
}

const probeFrame = document.querySelector<HTMLIFrameElement>('iframe[data-probe="chat-frame"]');
if (probeFrame) Object.assign(window, { consoleBridgeProbe: startConsoleBridgeProbe(probeFrame) });
