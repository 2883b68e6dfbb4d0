import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import {
  AntispamResult,
  antispamWordProblem,
  filterAntispam,
  isAntispamProblem,
  MAX_ANTISPAM_WORDS,
  ResponseCode,
  serializeAntispamLexicon,
  type AntispamAction,
  type AntispamLexicon,
  type AntispamWord,
} from '../../protocol';
import { ImServerError, parameterError } from '../errors';

/** How long a node keeps the lexicon before reading it again (another node's operator change shows up within it). */
export const DEFAULT_ANTISPAM_CACHE_MS = 2000;

/** What getClientAntispam hands out: the lexicon text, its md5 and version. */
export interface LexiconSnapshot {
  lexicon: AntispamLexicon;
  text: string;
  md5: string;
}

/** The server's verdict on a text it stores: the text to store and the §3 yidunAntiSpamRes to keep with it. */
export interface ServerAntispamVerdict {
  text: string;
  yidunAntiSpamRes?: string;
}

/**
 * The anti-spam lexicon (issue 30 §2; docs/im-background.md "Anti-spam filter"): words per app key,
 * managed by the operator (operator endpoints and `im-server-operator antispam`), handed to clients by
 * getClientAntispam, and applied by the server to every text message that reaches it with the rule the
 * client runs (validation/antispam-rules.ts), so a modified client cannot bypass it.
 */
export class AntispamService {
  private cached: { at: number; snapshot: LexiconSnapshot } | undefined;
  private loading: Promise<LexiconSnapshot> | undefined;

  constructor(
    private readonly db: Kysely<ImDatabase>,
    /** The app key this server serves; words of other app keys are never handed out or applied. */
    private readonly appKey: string,
    private readonly now: () => number = Date.now,
    private readonly cacheMs = DEFAULT_ANTISPAM_CACHE_MS,
  ) {}

  /** This server's lexicon (cached for cacheMs). */
  async snapshot(): Promise<LexiconSnapshot> {
    const now = this.now();
    if (this.cached && now - this.cached.at < this.cacheMs) return this.cached.snapshot;
    // One read for every send that finds the cache stale at once.
    this.loading ??= this.load(now).finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async load(at: number): Promise<LexiconSnapshot> {
    const lexicon = await this.read(this.appKey);
    const text = serializeAntispamLexicon(lexicon);
    const snapshot = { lexicon, text, md5: createHash('md5').update(text).digest('hex') };
    this.cached = { at, snapshot };
    return snapshot;
  }

  /** getClientAntispam: the lexicon, or only its md5 and version when the client's md5 is current. */
  async forClient(clientMd5: string | undefined): Promise<{ md5: string; lexicon: string; version: number }> {
    const { md5, text, lexicon } = await this.snapshot();
    return { md5, lexicon: clientMd5 === md5 ? '' : text, version: lexicon.version };
  }

  /**
   * The server's filter on a text about to be stored: 2 refuses it (403, nothing stored), 1 stores it
   * with ** in place of the words, 3 stores it as written; 1 and 3 are marked with yidunAntiSpamRes.
   */
  async judge(text: string): Promise<ServerAntispamVerdict> {
    if (text === '') return { text };
    const { lexicon } = await this.snapshot();
    const verdict = filterAntispam(text, lexicon);
    if (isAntispamProblem(verdict) || verdict.result === AntispamResult.UNCHANGED) return { text };
    if (verdict.result === AntispamResult.REJECT) throw new ImServerError(ResponseCode.NO_PERMISSION, 'the message contains a forbidden word');
    const yidunAntiSpamRes = JSON.stringify({ result: verdict.result, source: 'server', version: lexicon.version });
    return { text: verdict.content, yidunAntiSpamRes };
  }

  /** The operator's list of one app key's words (default: this server's). */
  async read(appKey = this.appKey): Promise<AntispamLexicon> {
    const [words, version] = await Promise.all([
      this.db.selectFrom('im_antispam_word').select(['word', 'action']).where('app_key', '=', appKey).orderBy('word').execute(),
      this.db.selectFrom('im_antispam_version').select('version').where('app_key', '=', appKey).executeTakeFirst(),
    ]);
    return { appKey, version: version?.version ?? 0, words: words.map((w) => ({ word: w.word, action: w.action as AntispamAction })) };
  }

  /** Adds a word (or changes its action). 414 for a word or action the shared rule refuses. */
  async addWord(appKey: string, entry: { word: unknown; action: unknown }): Promise<AntispamWord> {
    checkAppKey(appKey);
    const problem = antispamWordProblem(entry.word, entry.action);
    if (problem) throw parameterError(problem);
    const word = { word: entry.word as string, action: entry.action as AntispamAction };
    await this.db.transaction().execute(async (trx) => {
      const count = await trx.selectFrom('im_antispam_word').select(sql<number>`count(*)::int`.as('n')).where('app_key', '=', appKey).executeTakeFirstOrThrow();
      const exists = await trx.selectFrom('im_antispam_word').select('word').where('app_key', '=', appKey).where('word', '=', word.word).executeTakeFirst();
      if (!exists && count.n >= MAX_ANTISPAM_WORDS) throw parameterError(`a lexicon holds at most ${MAX_ANTISPAM_WORDS} words`);
      await trx
        .insertInto('im_antispam_word')
        .values({ app_key: appKey, word: word.word, action: word.action, created_at: this.now() })
        .onConflict((oc) => oc.columns(['app_key', 'word']).doUpdateSet({ action: word.action }))
        .execute();
      await bumpVersion(trx, appKey);
    });
    this.cached = undefined;
    this.loading = undefined;
    return word;
  }

  /** Removes a word; 404 when the app key has no such word. */
  async removeWord(appKey: string, word: string): Promise<void> {
    checkAppKey(appKey);
    await this.db.transaction().execute(async (trx) => {
      const removed = await trx.deleteFrom('im_antispam_word').where('app_key', '=', appKey).where('word', '=', word).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw new ImServerError(ResponseCode.NOT_FOUND, `no word "${word}" in the lexicon of ${appKey}`);
      await bumpVersion(trx, appKey);
    });
    this.cached = undefined;
    this.loading = undefined;
  }
}

function checkAppKey(appKey: unknown): void {
  if (typeof appKey !== 'string' || appKey === '' || appKey.length > 128) throw parameterError('appKey is required');
}

async function bumpVersion(db: Kysely<ImDatabase>, appKey: string): Promise<void> {
  await db
    .insertInto('im_antispam_version')
    .values({ app_key: appKey, version: 1 })
    .onConflict((oc) => oc.column('app_key').doUpdateSet({ version: sql`im_antispam_version.version + 1` }))
    .execute();
}
