/**
 * Unread over the pages of one sync (docs/im-sync.md "Unread over the pages of one sync").
 *
 * The first page of a sync that touches a session recounts its unread from the stored messages
 * newer than its ack (§4 "Unread is recomputed"), as a one-page sync does. From then on the
 * session's stored unread is that count, kept by every rule that changes it (new messages, acks,
 * deletions, clears, markRead), so a later page of the same sync adds to it only the page's newly
 * stored messages that count (§4: incoming, not unreadable, newer than the ack, notifications only
 * when the app counts them) instead of reading the session's earlier pages again. A page that
 * moves the ack recounts.
 *
 * A session counts as recounted only once its page is committed: a page that fails leaves the
 * store as it was, so the retry recounts what that page had recounted.
 */
export class SyncUnreadCarry {
  private readonly committed = new Set<string>();
  private readonly pending = new Set<string>();

  /** True when this sync recounted the session in a committed page: its stored unread can be built on. */
  canBuildOn(sessionId: string): boolean {
    return this.committed.has(sessionId);
  }

  /** The page being merged set this session's unread by the §4 rule. */
  noteCounted(sessionId: string): void {
    this.pending.add(sessionId);
  }

  /** The page's rows are committed with its cursor. */
  commitPage(): void {
    for (const sessionId of this.pending) this.committed.add(sessionId);
    this.pending.clear();
  }

  /** The page failed: nothing of it was stored. */
  discardPage(): void {
    this.pending.clear();
  }
}
