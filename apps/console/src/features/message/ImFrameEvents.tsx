// Listens to the chat frame while signed in (outside any hidden Activity, so it never pauses):
// 'unread' feeds the navbar badge, 'newMessage' off the message route raises a notification.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../app/notificationsSlice';
import { useRuntimeConfig } from '../../app/runtimeConfigContext';
import { unreadTotalReported } from './imSlice';
import { MESSAGE_PATH, originOf, readFrameMessage } from './frameProtocol';

export function ImFrameEvents() {
  const dispatch = useAppDispatch();
  const { imFrameUrl } = useRuntimeConfig();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  useEffect(() => {
    const frameOrigin = originOf(imFrameUrl);
    const onMessage = (event: MessageEvent) => {
      const message = readFrameMessage(event, frameOrigin);
      if (!message) return;
      if (message.type === 'unread') {
        dispatch(unreadTotalReported(message.payload.total));
      } else if (message.type === 'newMessage' && pathnameRef.current !== MESSAGE_PATH) {
        dispatch(
          notify({
            topic: 'newMessage',
            severity: 'info',
            message: 'message.newMessage',
            translate: true,
            link: { to: MESSAGE_PATH, labelKey: 'message.goToMessages' },
          }),
        );
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [dispatch, imFrameUrl]);

  return null;
}
