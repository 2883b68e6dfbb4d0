// Drafts per conversation (issue 32 §9): what the merchant typed and did not send, kept across
// switching conversations and across reloads. Kept in the chat store's key-value table (IndexedDB
// through @merchant/im-db, or memory), as the unfinished uploads are (chat/upload-memory.ts).
import type { Store } from '@merchant/im-core';

export const DRAFTS_KEY = 'frame:drafts';

/**
 * At most this many characters of a draft are kept: im-client-spec §5's 5000-character text limit with
 * room for a text the composer refuses as too long (the merchant shortens it; nothing typed is lost).
 */
export const MAX_DRAFT_LENGTH = 20_000;

export type Drafts = Readonly<Record<string, string>>;

/** Where drafts live between page loads. */
export interface DraftStorage {
  load(): Promise<Drafts>;
  save(drafts: Drafts): Promise<void>;
}

export function storeDraftStorage(store: Pick<Store, 'getValue' | 'setValue'>): DraftStorage {
  return {
    async load() {
      const value = await store.getValue(DRAFTS_KEY);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
      // Entries an older frame or a hand edit damaged are skipped.
      return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
    },
    async save(drafts) {
      await store.setValue(DRAFTS_KEY, { ...drafts });
    },
  };
}

/**
 * The drafts of every conversation: read once at start, changed at each keystroke in memory (what the
 * screens show) and written behind, one write at a time, always the newest state (no timer: a reload
 * right after typing finds what was typed once the write in flight ends, within a few milliseconds).
 */
export class DraftBook {
  private drafts: Drafts = {};
  private readonly listeners = new Set<() => void>();
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  private loaded: Promise<void> | undefined;

  constructor(private readonly storage?: DraftStorage) {}

  /** Reads the stored drafts; safe to call more than once. A draft typed before it ends wins. */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      if (!this.storage) return;
      try {
        const stored = await this.storage.load();
        this.drafts = { ...stored, ...this.drafts };
        this.notify();
      } catch {
        // Unreadable: no drafts to offer; new ones are still kept.
      }
    })();
    return this.loaded;
  }

  get(sessionId: string): string {
    return this.drafts[sessionId] ?? '';
  }

  getAll = (): Drafts => this.drafts;

  /** Keeps (or, with blank text, forgets) the conversation's draft. */
  set(sessionId: string, text: string): void {
    const kept = text.trim() === '' ? '' : text.slice(0, MAX_DRAFT_LENGTH);
    if ((this.drafts[sessionId] ?? '') === kept) return;
    const next = { ...this.drafts };
    if (kept) next[sessionId] = kept;
    else delete next[sessionId];
    this.drafts = next;
    this.notify();
    this.scheduleWrite();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Settles once everything set so far is stored (tests; a clean stop). */
  async saved(): Promise<void> {
    while (this.dirty) await this.writing;
    await this.writing;
  }

  private scheduleWrite(): void {
    const storage = this.storage;
    if (!storage) return;
    if (this.dirty) return; // The queued write takes the newest drafts when it runs.
    this.dirty = true;
    this.writing = this.writing.then(async () => {
      // Not before the stored drafts were read, or they would be overwritten.
      await this.load();
      this.dirty = false;
      try {
        await storage.save(this.drafts);
      } catch {
        // The draft stays on screen; the next keystroke tries again.
      }
    });
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
