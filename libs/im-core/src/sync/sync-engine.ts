import { ImError, ImErrorName } from '../errors';
import type { RequestBodyOf } from '../protocol/command-definition';
import type { CommandTable } from '../protocol/commands';
import type { UnreadRules } from '../model/session-state';
import { SyncUnreadCarry } from '../model/unread-carry';
import type { ImMessage, SyncTimetags } from '../store/entities';
import { StagedStore } from '../store/staged-store';
import type { Store } from '../store/store';
import { SYNC_DONE_TIMEOUT_MS, SYNC_RETRY_LIMIT } from './constants';
import type { ImPush } from '../connection/im-connection';
import { MERGED_TIMETAG_KINDS, OWN_CURSOR_KINDS, SYNC_DATA_PUSHES, SyncBatch } from './sync-batch';
import { syncTeamMembers, type TeamMembersRequester } from './sync-team-members';
import { syncSuperTeamMembers, type SuperTeamMembersRequester } from './sync-super-team-members';
import { heldCursorKinds, resolveSyncOptions, syncOffKinds, type SyncOptions } from './sync-options';
import type { RollbackOptions } from '../model/history-rules';
import { SESSION_LIST_LIMIT, batchIdClients, mergeSyncBatch } from './sync-merge';
import type { SyncNotification } from './sync-notification';
import { combinePageNotifications } from './sync-notifications';
import { yieldToEventLoop } from './yield-to-event-loop';

/** The one connection call sync makes. */
export interface SyncRequester {
  request(name: 'sync', body: RequestBodyOf<CommandTable['sync']>): Promise<unknown>;
}

export interface SyncEngineOptions extends UnreadRules, RollbackOptions {
  connection: SyncRequester;
  store: Store;
  account: string;
  /** Called with each notification, in §4 order, then with syncDone. */
  notify(notification: SyncNotification): void;
  /**
   * §4 "sending at sync start": ends as fail what may no longer wait (the outbox decides; without
   * one, every sending message) and returns those messages.
   */
  failSendingAtStart?(): Promise<ImMessage[]>;
  /** Messages that were still sending when sync started and are now fail (§4). */
  onStaleSendingFailed?(messages: ImMessage[]): void;
  syncDoneTimeoutMs?: number;
  retryLimit?: number;
  /** §5 Sync options syncTeams (default true): false drops the team pushes and keeps their cursors. Same as `syncOptions.syncTeams`. */
  syncTeams?: boolean;
  /**
   * §5 Sync options other than syncTeamMembers (sync-options.ts): an option off leaves its kind out of
   * the request's timetags, names it in `offKinds`, drops its pushes and holds its cursor.
   */
  syncOptions?: Omit<SyncOptions, 'syncTeamMembers'>;
  /**
   * §5 Sync options syncTeamMembers (default false), asked at each sync (the app may turn it on
   * later): true reads, after the pages, the members of every team whose members changed.
   */
  syncTeamMembers?: () => boolean;
  /** The connection for that step (getTeamMembers). */
  teamMembersConnection?: TeamMembersRequester;
  /** SYNC_TEAM_MEMBERS_ERROR (§8 custom error): some teams' members could not be read; the sync still ends. */
  onTeamMembersError?(error: ImError): void;
  /** The connection for §5 syncSuperTeamMembers (getSuperTeamMembers); without it that step is skipped. */
  superTeamMembersConnection?: SuperTeamMembersRequester;
}

export interface SyncSummary {
  timetag: number;
  tries: number;
  notifications: SyncNotification[];
}

interface RoundEnd {
  timetag: number;
  hasMore: boolean;
}

interface PendingRound {
  batch: SyncBatch;
  resolve(end: RoundEnd): void;
  reject(error: unknown): void;
}

/** Pages one sync may take before it is considered stuck (a server that always says hasMore). */
const MAX_SYNC_PAGES = 10_000;

/**
 * One sync at a time (§4 Sync): sends the per-kind timetags, collects the data pushes until
 * syncDone, merges them and notifies. A failed round is retried while fewer than 4 tries were
 * made; after 3 retries it rejects with SYNC_DATA_ERROR. While a sync runs, pushes that are not
 * sync data are handed back to the caller to queue (see `isSyncing`).
 */
export class SyncEngine {
  private round: PendingRound | undefined;
  private running = false;

  /** The §5 options as resolved once (defaults, Param_Error for a non-boolean). */
  private readonly syncOptions: Required<SyncOptions>;

  constructor(private readonly options: SyncEngineOptions) {
    this.syncOptions = resolveSyncOptions({ ...options.syncOptions, ...(options.syncTeams !== undefined ? { syncTeams: options.syncTeams } : {}) });
  }

  get isSyncing(): boolean {
    return this.running;
  }

  /** A sync request is waiting for its syncDone: sync pushes now belong to that round. */
  get inRound(): boolean {
    return this.round !== undefined;
  }

  /** Offers a push to the running sync; true when it was sync data and was taken. */
  handlePush(push: ImPush): boolean {
    const round = this.round;
    if (!round) return SYNC_DATA_PUSHES.has(push.name) || push.name === 'syncDone';
    if (push.name === 'syncDone') {
      const { timetag, hasMore } = push.body as { timetag?: number; hasMore?: boolean };
      if (typeof timetag !== 'number') {
        round.reject(new ImError(ImErrorName.SYNC_DATA_ERROR, 'syncDone without a timetag'));
        return true;
      }
      round.resolve({ timetag, hasMore: hasMore === true });
      return true;
    }
    return round.batch.add(push);
  }

  /** Fails the round in flight (e.g. the connection dropped); the retry rules then apply. */
  abortRound(error: unknown): void {
    this.round?.reject(error);
  }

  async run(): Promise<SyncSummary> {
    if (this.running) throw new ImError(ImErrorName.SYNC_DATA_ERROR, 'a sync is already running');
    this.running = true;
    // Notifications of the pages committed so far, over every try: a retry resumes after them.
    const committed: SyncNotification[][] = [];
    // Sessions recounted in a committed page of this sync, over every try (docs/im-sync.md).
    const unreadCarry = new SyncUnreadCarry();
    try {
      await this.failStaleSending();
      const retryLimit = this.options.retryLimit ?? SYNC_RETRY_LIMIT;
      let lastError: unknown;
      for (let tries = 1; tries <= retryLimit + 1; tries++) {
        try {
          const timetag = await this.runPages(committed, unreadCarry);
          await this.syncTeamMembers(committed);
          await this.syncSuperTeamMembers(committed);
          const notifications = await this.notifyCommitted(committed);
          return { timetag, tries, notifications };
        } catch (error) {
          lastError = error;
        }
      }
      // What the committed pages stored stays stored: the app hears of it now, not never (a later
      // sync starts after it and would not report it again).
      if (committed.length > 0) await this.notifyCommitted(committed).catch(() => undefined);
      throw new ImError(ImErrorName.SYNC_DATA_ERROR, `sync failed after ${retryLimit} retries: ${String(lastError)}`, { cause: lastError });
    } finally {
      this.running = false;
      this.round = undefined;
    }
  }

  /** §4 "On done": every committed page's notifications, one per kind, in §4 order; the session list read once. */
  private async notifyCommitted(committed: readonly SyncNotification[][]): Promise<SyncNotification[]> {
    const sessions = await this.options.store.getSessions({ limit: SESSION_LIST_LIMIT });
    const notifications = combinePageNotifications([...committed, [{ kind: 'sessions', sessions }]]);
    for (const notification of notifications) this.options.notify(notification);
    return notifications;
  }

  /** §5 syncTeamMembers: the members of changed teams, after the pages (sync-team-members.ts). */
  private async syncTeamMembers(committed: SyncNotification[][]): Promise<void> {
    const requester = this.options.teamMembersConnection;
    if (!requester || !this.syncOptions.syncTeams || !this.options.syncTeamMembers?.()) return;
    try {
      const result = await syncTeamMembers(this.options.store, requester);
      if (result.members.length > 0) committed.push([{ kind: 'teamMembers', members: result.members }]);
      if (result.error) this.options.onTeamMembersError?.(result.error);
    } catch (error) {
      this.options.onTeamMembersError?.(new ImError(ImErrorName.SYNC_TEAM_MEMBERS_ERROR, `team members could not be synced: ${String(error)}`, { cause: error }));
    }
  }

  /** §5 syncSuperTeamMembers (default false): the members of changed super teams, after the pages (sync-super-team-members.ts). */
  private async syncSuperTeamMembers(committed: SyncNotification[][]): Promise<void> {
    const requester = this.options.superTeamMembersConnection;
    if (!requester || !this.syncOptions.syncSuperTeams || !this.syncOptions.syncSuperTeamMembers) return;
    const result = await syncSuperTeamMembers(this.options.store, requester);
    if (result.members.length > 0) committed.push([{ kind: 'superTeamMembers', members: result.members }]);
    if (result.error) this.options.onTeamMembersError?.(result.error);
  }

  private async failStaleSending(): Promise<void> {
    const failed = (await this.options.failSendingAtStart?.()) ?? [];
    if (failed.length > 0) this.options.onStaleSendingFailed?.(failed);
  }

  /** The stored cursor of every merged kind whose option is on; kinds held by an option that is off are left out (§5). */
  private async requestTimetags(): Promise<RequestBodyOf<CommandTable['sync']>['timetags']> {
    const stored = await this.options.store.getTimetags();
    const held = heldCursorKinds(this.syncOptions);
    return Object.fromEntries(MERGED_TIMETAG_KINDS.filter((kind) => !held.has(kind)).map((kind) => [kind, stored[kind] ?? 0]));
  }

  /**
   * Asks page after page while the server says hasMore. Each page is merged and committed with
   * the cursor it reached, in one write batch (one IndexedDB transaction), before the next is
   * asked for: a failure in a later page keeps the pages before it, and the retry (or the next
   * sync) resumes from the last committed cursor (docs/im-sync.md). Between pages the task ends
   * (yieldToEventLoop), so a big sync never holds the main thread for long.
   */
  private async runPages(committed: SyncNotification[][], unreadCarry: SyncUnreadCarry): Promise<number> {
    for (let page = 1; page <= MAX_SYNC_PAGES; page++) {
      const batch = new SyncBatch(this.options.account, { deferMessages: true, off: syncOffKinds(this.syncOptions) });
      const end = await this.runRound(batch, await this.requestTimetags());
      committed.push(await this.commitPage(batch, end, unreadCarry));
      if (!end.hasMore) return end.timetag;
      await yieldToEventLoop();
    }
    throw new ImError(ImErrorName.SYNC_DATA_ERROR, `sync did not finish within ${MAX_SYNC_PAGES} pages`);
  }

  /** Merges one page into a staged view and writes its data and its cursor in one batch: all or nothing. */
  private async commitPage(batch: SyncBatch, end: RoundEnd, unreadCarry: SyncUnreadCarry): Promise<SyncNotification[]> {
    // The page's messages are converted in slices, each in a task of its own.
    await yieldToEventLoop();
    await batch.convertDeferred(yieldToEventLoop);
    // The merge's rules build new rows and never change one after handing it over: no copies needed.
    const staged = new StagedStore(this.options.store, { copyOnWrite: false });
    // One read for the page's known idClients instead of one per message.
    await staged.prefetchMessages(batchIdClients(batch));
    try {
      const notifications = await mergeSyncBatch(staged, batch, { ...this.options, listSessions: false, unreadCarry });
      await this.saveTimetags(staged, batch, end);
      await staged.commit();
      unreadCarry.commitPage();
      return notifications;
    } catch (error) {
      unreadCarry.discardPage();
      throw error;
    }
  }

  private async runRound(batch: SyncBatch, timetags: RequestBodyOf<CommandTable['sync']>['timetags']): Promise<RoundEnd> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = new Promise<RoundEnd>((resolve, reject) => {
      this.round = { batch, resolve, reject };
      timer = setTimeout(
        () => reject(new ImError(ImErrorName.Error_Timeout, 'no syncDone from the server')),
        this.options.syncDoneTimeoutMs ?? SYNC_DONE_TIMEOUT_MS,
      );
    });
    try {
      // syncDone may arrive before the request's own answer; both must succeed.
      const offKinds = syncOffKinds(this.syncOptions);
      const [, end] = await Promise.all([this.options.connection.request('sync', { timetags, ...(offKinds.length > 0 ? { offKinds } : {}) }), done]);
      return end;
    } finally {
      clearTimeout(timer);
      this.round = undefined;
    }
  }

  /**
   * The cursor a page reached. A page's syncDone timetag covers every kind up to it (one sequence
   * per account), so after a page with more to come every merged kind takes it: that is where the
   * next page (or, after a crash, the next sync) starts. After the last page a kind a push
   * reported keeps that push's timetag. Kinds with a cursor of their own (broadcasts) keep what
   * their push reported, or the stored one.
   */
  private async saveTimetags(store: Store, batch: SyncBatch, end: RoundEnd): Promise<void> {
    const timetags: SyncTimetags = {};
    const stored = await store.getTimetags();
    const held = heldCursorKinds(this.syncOptions);
    for (const kind of MERGED_TIMETAG_KINDS) {
      // An option off (e.g. syncTeams false): its data was dropped, so its cursor stays (turning it on later loses nothing).
      if (held.has(kind)) continue;
      if (OWN_CURSOR_KINDS.has(kind)) timetags[kind] = batch.timetags[kind] ?? stored[kind] ?? 0;
      else timetags[kind] = end.hasMore ? end.timetag : batch.timetags[kind] ?? end.timetag;
    }
    await store.putTimetags(timetags);
  }
}
