// Frames in two tabs of one browser profile, for tests: an in-process lock manager and Node's BroadcastChannel as
// the tabs' environment, and a bounded wait for what the other tab does.
import { BroadcastChannel } from 'node:worker_threads';
import { InProcessLocks } from '@merchant/im-core/testing';
import type { TabEnvironment } from '../chat/create-frame-chat-client';

/** A tab environment shared by the tabs a test opens; `close()` closes every channel they made. */
export function inProcessTabs(): { tabs: TabEnvironment; close(): void } {
  const channels: { close(): void }[] = [];
  const tabs: TabEnvironment = {
    locks: new InProcessLocks(),
    createChannel: (name) => {
      const channel = new BroadcastChannel(name);
      channels.push(channel);
      return channel as unknown as ReturnType<TabEnvironment['createChannel']>;
    },
  };
  return { tabs, close: () => channels.splice(0).forEach((channel) => channel.close()) };
}

/** Waits until `condition` holds (what another tab does reaches this one over a channel), or fails naming `what`. */
export async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5)); // fixed wait: poll interval; 400 rounds bound the wait
  }
  throw new Error(`timed out waiting for ${what}`);
}
