// The chat frame, mounted once per signed-in session and only hidden (React 19 Activity) off
// the message route, so the chat stays connected and keeps reporting new messages (contract 0001).
import { Activity, useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useRuntimeConfig } from '../../app/runtimeConfigContext';
import { useGetImIdentityQuery } from './api';
import { FRAME_HEIGHT_PX, MESSAGE_PATH, buildFrameUrl, originOf, postVisibility, readFrameMessage } from './frameProtocol';

export function ImFrameHost() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { imFrameUrl } = useRuntimeConfig();
  const user = useAppSelector((state) => state.auth.user);
  const { data: identity } = useGetImIdentityQuery(undefined, { skip: !user });
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
  const tellFrame = useCallback(() => {
    const frame = frameRef.current;
    if (frame?.isConnected) postVisibility(frame.contentWindow, frameOrigin, visibleRef.current);
  }, [frameOrigin]);

  // Entering or leaving /message (contract 0001 `visibility`).
  useEffect(() => {
    tellFrame();
  }, [visible, tellFrame]);

  // A frame that (re)loaded says 'ready': it gets the current visibility, which it may have missed.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (readFrameMessage(event, frameOrigin)?.type === 'ready') tellFrame();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameOrigin, tellFrame]);

  if (!user || !identity?.uid || !identity.imToken) return null;

  const src = buildFrameUrl(imFrameUrl, {
    account: identity.uid,
    token: identity.imToken,
    avatar: user.avatarUrl,
    storeName: user.storeName,
    lang: i18n.language,
  });
  return (
    <Activity mode={visible ? 'visible' : 'hidden'}>
      <iframe
        ref={keepFrame}
        src={src}
        title={t('message.frameTitle')}
        data-testid="im-frame"
        style={{ verticalAlign: 'top', width: '100%', height: FRAME_HEIGHT_PX, border: 0, background: '#fff' }}
        allow="clipboard-write"
      />
    </Activity>
  );
}
