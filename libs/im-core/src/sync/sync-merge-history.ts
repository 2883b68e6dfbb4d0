import type { ImSession } from '../store/entities';
import type { Store } from '../store/store';
import { emptySession, type UnreadRules } from '../model/session-state';
import { applyDeletedForSelf, applyHistoryClear, mergeReceiptTimes, takeNewBroadcasts, type ImBroadcastMsg, type RollbackOptions } from '../model/history-rules';
import type { SyncBatch } from './sync-batch';

/** What the history part of a sync reports (after the §4 list; ours). */
export type HistorySyncNotification =
  | { kind: 'msgReceipts'; sessions: ImSession[] }
  | { kind: 'msgsDeletedSelf'; idClients: string[] }
  | { kind: 'sessionHistoryCleared'; sessions: ImSession[] }
  | { kind: 'broadcastMsgs'; broadcastMsgs: ImBroadcastMsg[] };

/**
 * Merges receipts, stick-top removals, deletions for self, history clears and broadcasts of a
 * sync batch (docs/im-sync.md). Runs after the messages were ingested and before the session list
 * is reported, so that list already shows the results.
 */
export async function mergeHistoryBatch(store: Store, batch: SyncBatch, options: RollbackOptions & UnreadRules): Promise<HistorySyncNotification[]> {
  const notifications: HistorySyncNotification[] = [];
  for (const sessionId of batch.unstuck) {
    const session = await store.getSession(sessionId);
    if (session?.isTop) await store.putSessions([{ ...session, isTop: false, topCustom: undefined }]);
  }
  if (batch.receipts.length > 0) {
    const changed: ImSession[] = [];
    for (const receipt of batch.receipts) {
      const session = (await store.getSession(receipt.sessionId)) ?? emptySession(receipt.sessionId);
      const merged = mergeReceiptTimes(session, receipt);
      if (merged !== session) {
        await store.putSessions([merged]);
        changed.push(merged);
      }
    }
    if (changed.length > 0) notifications.push({ kind: 'msgReceipts', sessions: changed });
  }
  if (batch.deletedSelf.length > 0) {
    await applyDeletedForSelf(store, batch.deletedSelf, options);
    notifications.push({ kind: 'msgsDeletedSelf', idClients: [...batch.deletedSelf] });
  }
  if (batch.historyClears.length > 0) {
    const cleared: ImSession[] = [];
    for (const clear of batch.historyClears) {
      const session = await applyHistoryClear(store, clear.sessionId, clear.time, options);
      if (session) cleared.push(session);
    }
    notifications.push({ kind: 'sessionHistoryCleared', sessions: cleared });
  }
  const broadcasts = await takeNewBroadcasts(store, batch.broadcasts);
  if (broadcasts.length > 0) notifications.push({ kind: 'broadcastMsgs', broadcastMsgs: broadcasts });
  return notifications;
}
