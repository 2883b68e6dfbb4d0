// Entry point: read the query and runtime configuration, open the local store, build the chat
// controller, wire it to the console (parent bridge), and render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FrameRoot } from './app/frame-root';
import { createFrameController } from './app/create-frame-controller';
import { createFrameChatClient } from './chat/create-frame-chat-client';
import { readFrameParams } from './config/frame-params';
import { readRuntimeConfig } from './config/runtime-config';
import { createFrameI18n, pickLanguage } from './i18n/frame-i18n';
import { createBrowserParentBridge } from './parent-bridge/parent-bridge';
import { createConsoleVisibility } from './parent-bridge/console-visibility';

async function startFrame(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const paramsResult = readFrameParams(window.location.search);
  const lang = new URLSearchParams(window.location.search).get('lang') ?? undefined;
  const i18n = createFrameI18n(pickLanguage(lang, navigator.languages ?? [navigator.language]));

  if (!paramsResult.ok) {
    root.render(<FrameRoot i18n={i18n} missingParams={paramsResult.missing} />);
    return;
  }
  const { params } = paramsResult;
  const config = readRuntimeConfig(window.__MERCHANT_CONFIG__, import.meta.env);
  const bridge = createBrowserParentBridge(config.consoleOrigins);
  const client = await createFrameChatClient({ config, params });
  const embedded = window.parent !== window;
  const consoleVisibility = createConsoleVisibility({
    target: window,
    allowedOrigins: config.consoleOrigins,
    expectedSender: embedded ? window.parent : undefined,
    initiallyVisible: !embedded,
  });
  const controller = createFrameController(client, bridge, { consoleVisibility });
  window.addEventListener('pagehide', () => void controller.stop());

  root.render(
    <StrictMode>
      <FrameRoot i18n={i18n} controller={controller} storeName={params.storeName} />
    </StrictMode>,
  );
  bridge.ready(params.account);
}

const container = document.getElementById('root');
if (container) void startFrame(container);
