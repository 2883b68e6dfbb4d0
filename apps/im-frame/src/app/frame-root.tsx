// Providers around the chat screen: i18n, MUI theme, and the chat controller.
import { useEffect, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import type { i18n } from 'i18next';
import type { ChatController } from '../chat/chat-controller';
import type { OpenedChatStore, StorageOutcome } from '../chat/open-chat-store';
import { ChatProvider } from '../chat/chat-context';
import { ChatApp } from './chat-app';
import { MissingParams } from './missing-params';
import { SupportDeskProvider, type SupportDesk } from '../support-desk/desk-context';

const theme = createTheme();

export type FrameRootProps = { i18n: i18n } & (
  | {
      controller: ChatController;
      storeName?: string;
      storage?: StorageOutcome;
      /** The store moved to memory while in use (quota, a newer schema in another tab): the notice follows. */
      storageChanges?: OpenedChatStore['onStorageChange'];
      onRequestStorageAccess?: () => Promise<boolean>;
      ownAccount?: string;
      /** The support desk's requests to the console (issue 32); without it the composer has no quick replies. */
      desk?: SupportDesk;
    }
  | { missingParams: readonly string[] }
);

export function FrameRoot(props: FrameRootProps) {
  // The console may switch the language at any time (bridge `language`): follow it in place.
  const [language, setLanguage] = useState(props.i18n.language);
  const initialStorage = 'controller' in props ? props.storage : undefined;
  const storageChanges = 'controller' in props ? props.storageChanges : undefined;
  const [storage, setStorage] = useState(initialStorage);
  useEffect(() => storageChanges?.(setStorage), [storageChanges]);
  useEffect(() => {
    const onChanged = (next: string) => setLanguage(next);
    props.i18n.on('languageChanged', onChanged);
    return () => props.i18n.off('languageChanged', onChanged);
  }, [props.i18n]);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = props.i18n.t('app.title');
  }, [language, props.i18n]);

  return (
    <I18nextProvider i18n={props.i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {'missingParams' in props ? (
          <MissingParams missing={props.missingParams} />
        ) : (
          <ChatProvider controller={props.controller}>
            <SupportDeskProvider desk={props.desk}>
              <ChatApp storeName={props.storeName} storage={storage} onRequestStorageAccess={props.onRequestStorageAccess} ownAccount={props.ownAccount} />
            </SupportDeskProvider>
          </ChatProvider>
        )}
      </ThemeProvider>
    </I18nextProvider>
  );
}
