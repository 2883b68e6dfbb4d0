// The chat frame, mounted once per signed-in session and only hidden (React 19 Activity) off
// the message route, so the chat stays connected and keeps reporting new messages (contract 0001).
// The frame's address is built once per IM account: a new token or language goes over the bridge
// (`token`, `language`), never through a new src, which would reload the frame and lose the open
// conversation and the typed text.
// Shown in a window too short for the shell's bars and the whole frame (1366×768), the page scrolls so the
// frame's bottom, the composer, is in the window (issue 35 §2, messageLayout.ts).
import { Activity, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { consoleToFrameMessage, type ConsoleToFrameMessage } from '@merchant/api-contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useRuntimeConfig } from '../../app/runtimeConfigContext';
import { imApi, useGetImIdentityQuery } from './api';
import { useMayChat } from './imAccess';
import { FRAME_HEIGHT_PX, MESSAGE_PATH, buildFrameUrl, originOf, postToFrame, readFrameMessage } from './frameProtocol';
import { conversationRequests } from './openChat';
import { frameScrollDelta } from './messageLayout';
import { answerBuyerOrdersRequest, answerQuickReplyRequest, goodsPreviewAddress, orderDetailAddress } from './supportDesk';

const errorText = (error: unknown): string => {
  if (typeof error === 'object' && error !== null) {
    const { msg, message, code } = error as { msg?: unknown; message?: unknown; code?: unknown };
    if (typeof msg === 'string' && msg) return msg;
    if (typeof message === 'string' && message) return message;
    if (typeof code === 'string') return code;
  }
  return 'IM token unavailable';
};

export function ImFrameHost() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { imFrameUrl } = useRuntimeConfig();
  const user = useAppSelector((state) => state.auth.user);
  // The shell mounts this only for holders of im:chat; the skip keeps a stray mount from asking anyway.
  const mayChat = useMayChat();
  const { data: identity } = useGetImIdentityQuery(undefined, { skip: !user || !mayChat });
  const visible = pathname === MESSAGE_PATH;
  const frameOrigin = originOf(imFrameUrl);
  // The iframe element stays the same while hidden; React detaches refs of a hidden Activity, so
  // the last element is kept here instead of a plain ref.
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const keepFrame = useCallback((element: HTMLIFrameElement | null) => {
    if (element) frameRef.current = element;
  }, []);
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const languageRef = useRef(i18n.language);
  languageRef.current = i18n.language;
  // Until the frame said 'ready', a post could reach a page still loading: requests wait for it.
  const frameReadyRef = useRef(false);
  // The language the frame was last told. A frame hidden since sign-in has no attached element to post
  // to (React attaches refs of a hidden Activity only once it shows), so a switch made before /message
  // was first opened is told when the frame shows (issue 35 §11).
  const toldLanguageRef = useRef<string | null>(null);

  const tellFrame = useCallback(
    (message: ConsoleToFrameMessage): boolean => {
      const frame = frameRef.current;
      return frame?.isConnected === true && postToFrame(frame.contentWindow, frameOrigin, message);
    },
    [frameOrigin],
  );

  // "Chat with buyer" (openChat.ts): delivered once the frame listens (its 'ready') and the iframe
  // is attached (a frame hidden since sign-in is attached when /message first shows it).
  const deliverConversationRequest = useCallback(() => {
    if (!frameReadyRef.current) return;
    conversationRequests.deliver((account) => tellFrame(consoleToFrameMessage('openConversation', { account })));
  }, [tellFrame]);
  useEffect(() => conversationRequests.subscribe(deliverConversationRequest), [deliverConversationRequest]);

  const tellLanguage = useCallback(
    (lang: string) => {
      if (tellFrame(consoleToFrameMessage('language', { lang }))) toldLanguageRef.current = lang;
    },
    [tellFrame],
  );

  // Entering or leaving /message (contract 0001 `visibility`).
  useEffect(() => {
    if (visible && frameReadyRef.current && toldLanguageRef.current !== languageRef.current) tellLanguage(languageRef.current);
    tellFrame(consoleToFrameMessage('visibility', { visible }));
    if (visible) deliverConversationRequest();
  }, [visible, tellFrame, tellLanguage, deliverConversationRequest]);

  // The console's language changed: the frame follows in place.
  useEffect(() => {
    i18n.on('languageChanged', tellLanguage);
    return () => i18n.off('languageChanged', tellLanguage);
  }, [i18n, tellLanguage]);

  useEffect(() => {
    // A fresh token from store-server for the frame's request, never a cached one.
    const answerTokenRequest = async (requestId: string) => {
      const request = dispatch(imApi.endpoints.getImIdentity.initiate(undefined, { forceRefetch: true, subscribe: false }));
      try {
        const fresh = await request.unwrap();
        tellFrame(consoleToFrameMessage('token', { requestId, account: fresh.uid, token: fresh.imToken }));
      } catch (error) {
        tellFrame(consoleToFrameMessage('tokenError', { requestId, reason: errorText(error) }));
      }
    };
    const onMessage = (event: MessageEvent) => {
      const message = readFrameMessage(event, frameOrigin);
      // A frame that (re)loaded says 'ready': it gets what it may have missed.
      if (message?.type === 'ready') {
        tellFrame(consoleToFrameMessage('visibility', { visible: visibleRef.current }));
        toldLanguageRef.current = null; // a reloaded page knows only its URL's language
        tellLanguage(languageRef.current);
        frameReadyRef.current = true;
        deliverConversationRequest();
      } else if (message?.type === 'tokenRequest') {
        void answerTokenRequest(message.payload.requestId);
      } else if (message?.type === 'quickReplyRequest') {
        // Support desk (supportDesk.ts): the frame has no store-server session; the console asks for it.
        void answerQuickReplyRequest(dispatch, message.payload.requestId, message.payload.action).then(tellFrame);
      } else if (message?.type === 'buyerOrdersRequest') {
        void answerBuyerOrdersRequest(dispatch, message.payload.requestId, message.payload.account).then(tellFrame);
      } else if (message?.type === 'openOrder') {
        // The route's own guard answers a merchant without order:view with its no-permission screen.
        void navigate(orderDetailAddress(message.payload.orderId));
      } else if (message?.type === 'openGoods') {
        void navigate(goodsPreviewAddress(message.payload.goodsId));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [deliverConversationRequest, dispatch, frameOrigin, navigate, tellFrame, tellLanguage]);

  // The frame shows (the route opened, or the frame arrived on it): bring its bottom into the window.
  const frameShown = visible && Boolean(identity?.uid);
  useLayoutEffect(() => {
    const frame = frameRef.current;
    if (!frameShown || !frame?.isConnected) return;
    const delta = frameScrollDelta(frame.getBoundingClientRect(), window.innerHeight);
    if (delta > 0) window.scrollBy({ top: delta, behavior: 'instant' });
  }, [frameShown]);

  // Built once per IM account (see the top of this file); later tokens and languages are posted.
  const frameSrc = useRef<{ account: string; src: string } | null>(null);
  if (!user || !mayChat || !identity?.uid || !identity.imToken) return null;
  if (frameSrc.current?.account !== identity.uid) {
    frameSrc.current = {
      account: identity.uid,
      src: buildFrameUrl(imFrameUrl, {
        account: identity.uid,
        token: identity.imToken,
        avatar: user.avatarUrl,
        storeName: user.storeName,
        lang: i18n.language,
      }),
    };
  }
  return (
    <Activity mode={visible ? 'visible' : 'hidden'}>
      <iframe
        ref={keepFrame}
        src={frameSrc.current.src}
        title={t('message.frameTitle')}
        data-testid="im-frame"
        style={{ verticalAlign: 'top', width: '100%', height: FRAME_HEIGHT_PX, border: 0, background: '#fff' }}
        allow="clipboard-write"
      />
    </Activity>
  );
}
