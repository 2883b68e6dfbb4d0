// The console's `visibility` message (contract 0001): the console hides the frame with
// display:none off /message, which the frame's own document.visibilityState does not reflect, so
// the console says so explicitly.
import { onConsoleMessage, type ConsoleChannelOptions } from './console-messages';

export { readConsoleMessage, type IncomingMessage, type MessageEventTarget } from './console-messages';

/** Whether the console shows the frame; changes are reported once each. */
export interface ConsoleVisibility {
  isVisible(): boolean;
  onChange(listener: (visible: boolean) => void): () => void;
  dispose(): void;
}

export interface ConsoleVisibilityOptions extends ConsoleChannelOptions {
  /**
   * Before the console said anything. Embedded: false, so nothing is marked read until the console
   * says the frame is shown (it answers the frame's 'ready'). Standalone: true.
   */
  initiallyVisible: boolean;
}

export function createConsoleVisibility(options: ConsoleVisibilityOptions): ConsoleVisibility {
  let visible = options.initiallyVisible;
  const listeners = new Set<(visible: boolean) => void>();
  const stop = onConsoleMessage(options, 'visibility', (message) => {
    if (message.payload.visible === visible) return;
    visible = message.payload.visible;
    for (const listener of [...listeners]) listener(visible);
  });
  return {
    isVisible: () => visible,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => {
      stop();
      listeners.clear();
    },
  };
}

/** A frame that is always shown (standalone, or tests that do not care). */
export const ALWAYS_VISIBLE: ConsoleVisibility = {
  isVisible: () => true,
  onChange: () => () => undefined,
  dispose: () => undefined,
};
