// Entry point: read the query and runtime configuration, take the token out of the address, open
// the local store, build the chat controller, wire it to the console (parent bridge), and render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FrameRoot } from './app/frame-root';
import { createFrameController } from './app/create-frame-controller';
import { createFrameChatClient } from './chat/create-frame-chat-client';
import { openFrameStore, requestFrameStorageAccess } from './chat/open-chat-store';
import { addressWithoutToken, readFrameParams } from './config/frame-params';
import { readRuntimeConfig } from './config/runtime-config';
import { createFrameI18n, pickLanguage } from './i18n/frame-i18n';
import { createBrowserParentBridge } from './parent-bridge/parent-bridge';
import { createConsoleVisibility } from './parent-bridge/console-visibility';
import { followConsoleLanguage } from './parent-bridge/console-language';
import { followConsoleConversationRequests } from './parent-bridge/console-open-conversation';
import { createTokenBridge } from './parent-bridge/token-bridge';
import { createDeskBridge } from './support-desk/desk-bridge';

async function startFrame(container: HTMLElement): Promise<void> {
  const root = createRoot(container);
  const paramsResult = readFrameParams(window.location.search);
  // The token is read once and leaves the address at once (history, copied links, screenshots).
  window.history.replaceState(window.history.state, '', addressWithoutToken(window.location.href));
  const lang = new URLSearchParams(window.location.search).get('lang') ?? undefined;
  const i18n = createFrameI18n(pickLanguage(lang, navigator.languages ?? [navigator.language]));

  if (!paramsResult.ok) {
    root.render(<FrameRoot i18n={i18n} missingParams={paramsResult.missing} />);
    return;
  }
  const { params } = paramsResult;
  const config = readRuntimeConfig(window.__MERCHANT_CONFIG__, import.meta.env);
  const bridge = createBrowserParentBridge(config.consoleOrigins);
  const embedded = window.parent !== window;
  const consoleChannel = { target: window, allowedOrigins: config.consoleOrigins, expectedSender: embedded ? window.parent : undefined };
  followConsoleLanguage(consoleChannel, i18n);
  const tokens = createTokenBridge({ ...consoleChannel, bridge, account: params.account });
  // Listening before 'ready', so the console's answers (visibility, language, token) are heard.
  const consoleVisibility = createConsoleVisibility({ ...consoleChannel, initiallyVisible: !embedded });
  const conversationRequests = followConsoleConversationRequests(consoleChannel);
  // Support desk (issue 32): quick replies (and the customer's orders) through the console's session.
  const desk = { bridge: createDeskBridge({ ...consoleChannel, bridge, ownAccount: params.account }) };
  bridge.ready(params.account);

  // No token in the address (the frame itself reloaded): im-core asks getToken, i.e. the console.
  if (!params.token && bridge.targetOrigins.length === 0) {
    root.render(<FrameRoot i18n={i18n} missingParams={['token']} />);
    return;
  }
  const { store, storage, onStorageChange } = await openFrameStore(config.imAppKey, params.account, { document, permissions: navigator.permissions });
  // Granted: the frame starts again on IndexedDB (and asks the console for a token, the address has none).
  const onRequestStorageAccess = async () => {
    const granted = await requestFrameStorageAccess(document);
    if (granted) window.location.reload();
    return granted;
  };
  const client = await createFrameChatClient({ config, params, store, getToken: tokens.fetchToken });
  const controller = createFrameController(client, bridge, { consoleVisibility });
  window.addEventListener('pagehide', () => void controller.stop());
  conversationRequests.attach(controller);

  root.render(
    <StrictMode>
      <FrameRoot
        i18n={i18n}
        controller={controller}
        storeName={params.storeName}
        storage={storage}
        storageChanges={onStorageChange}
        onRequestStorageAccess={onRequestStorageAccess}
        ownAccount={params.account}
        desk={desk}
      />
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container) void startFrame(container);
