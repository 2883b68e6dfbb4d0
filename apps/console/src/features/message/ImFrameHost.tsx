// The chat frame, mounted once per signed-in session and only hidden (React 19 Activity) off
// the message route, so the chat stays connected and keeps reporting new messages (contract 0001).
import { Activity } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { useRuntimeConfig } from '../../app/runtimeConfigContext';
import { useGetImIdentityQuery } from './api';
import { FRAME_HEIGHT_PX, MESSAGE_PATH, buildFrameUrl } from './frameProtocol';

export function ImFrameHost() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { imFrameUrl } = useRuntimeConfig();
  const user = useAppSelector((state) => state.auth.user);
  const { data: identity } = useGetImIdentityQuery(undefined, { skip: !user });
  if (!user || !identity?.uid || !identity.imToken) return null;

  const src = buildFrameUrl(imFrameUrl, {
    account: identity.uid,
    token: identity.imToken,
    avatar: user.avatarUrl,
    storeName: user.storeName,
    lang: i18n.language,
  });
  return (
    <Activity mode={pathname === MESSAGE_PATH ? 'visible' : 'hidden'}>
      <iframe
        src={src}
        title={t('message.frameTitle')}
        data-testid="im-frame"
        style={{ verticalAlign: 'top', width: '100%', height: FRAME_HEIGHT_PX, border: 0, background: '#fff' }}
        allow="clipboard-write"
      />
    </Activity>
  );
}
