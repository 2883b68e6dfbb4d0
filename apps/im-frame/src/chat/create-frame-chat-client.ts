// Builds the frame's ChatClient: the local store opened first (so cached chats show before the
// socket connects), then im-core's client on that same store.
import { createImClient, type ImConnectionPort, type Store } from '@merchant/im-core';
import type { FrameParams } from '../config/frame-params';
import type { FrameRuntimeConfig } from '../config/runtime-config';
import type { ChatClient } from './chat-client';
import { IdClientIssuer, ImChatClient } from './im-client-adapter';
import { openChatStore } from './open-chat-store';

export interface FrameChatClientOptions {
  config: FrameRuntimeConfig;
  params: Pick<FrameParams, 'account' | 'token'>;
  /** Defaults to IndexedDB with a memory fallback. */
  store?: Store;
  /** Tests only: a scripted connection instead of the real socket. */
  connection?: ImConnectionPort;
}

export async function createFrameChatClient(options: FrameChatClientOptions): Promise<ChatClient> {
  const { config, params } = options;
  const store = options.store ?? (await openChatStore(config.imAppKey, params.account));
  const idClients = new IdClientIssuer();
  const client = createImClient({
    lbsUrl: config.imLbsUrl,
    appKey: config.imAppKey,
    account: params.account,
    token: params.token,
    store,
    createIdClient: idClients.create,
    connection: options.connection,
  });
  return new ImChatClient(client, store, idClients);
}
