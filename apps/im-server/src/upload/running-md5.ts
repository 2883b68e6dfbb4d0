import { createHash, type Hash } from 'node:crypto';

interface RunningEntry {
  /** Bytes fed so far: the next chunk must start here. */
  offset: number;
  hash: Hash;
  /** Hashing runs after the chunk's answer has gone, one chunk after another. */
  pending: Promise<void>;
}

const piecesOf = (chunk: Uint8Array | readonly Uint8Array[]): readonly Uint8Array[] => (chunk instanceof Uint8Array ? [chunk] : chunk);

/**
 * The md5 of uploads in progress on this node, fed with each accepted chunk after its answer (issue 13,
 * bench/im-upload). Without it the last chunk read the whole object back to hash it, about 3 ms per MiB
 * on the critical path of the upload's last answer. Anything it cannot vouch for (a chunk that went to
 * another node, a restart, a gap) gives undefined, and the caller reads the object back as before.
 */
export class RunningMd5 {
  private readonly entries = new Map<string, RunningEntry>();

  constructor(private readonly maxEntries = 1_000) {}

  /** A chunk at `offset` was committed (whole, or as the pieces it arrived in). Hashes it once the current task is done. */
  add(key: string, offset: number, chunk: Uint8Array | readonly Uint8Array[]): void {
    const pieces = piecesOf(chunk);
    const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
    let entry = this.entries.get(key);
    if (!entry && offset === 0) entry = { offset: 0, hash: createHash('md5'), pending: Promise.resolve() };
    if (!entry || entry.offset !== offset) {
      // Bytes before this chunk were never seen here: only a full read can tell the md5.
      this.entries.delete(key);
      return;
    }
    const current = entry;
    current.offset = offset + length;
    current.pending = current.pending.then(() => new Promise<void>((resolve) => setImmediate(() => (pieces.forEach((piece) => current.hash.update(piece)), resolve()))));
    // Most recently used last; the oldest (abandoned uploads) go first when full.
    this.entries.delete(key);
    this.entries.set(key, current);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /**
   * The md5 of the whole object, given its last chunk (`tail` at `offset`), when every byte before it was
   * added here; otherwise undefined. Forgets the object either way.
   */
  async finish(key: string, offset: number, tail: Uint8Array | readonly Uint8Array[]): Promise<string | undefined> {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    const hash = !entry && offset === 0 ? createHash('md5') : entry?.offset === offset ? entry.hash : undefined; // no entry at 0: a one-chunk file
    if (!hash) return undefined;
    await entry?.pending;
    for (const piece of piecesOf(tail)) hash.update(piece);
    return hash.digest('hex');
  }

  /** Uploads being followed (for tests). */
  get size(): number {
    return this.entries.size;
  }
}
