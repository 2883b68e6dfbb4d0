// The client anti-spam filter's rule (im-client-spec §5 "Client anti-spam filter", §7 getClientAntispam).
// One copy for client and server (docs/im-background.md "Anti-spam filter"): im-core's filter runs it on
// outgoing text before sending, and im-server runs the same function on every text that reaches it, so a
// modified client cannot bypass the lexicon.

/** §5 results: 0 unchanged, 1 filtered with ** substitution, 2 suggest reject, 3 leave to the server. */
export const AntispamResult = { UNCHANGED: 0, REPLACED: 1, REJECT: 2, SERVER: 3 } as const;
export type AntispamResultCode = (typeof AntispamResult)[keyof typeof AntispamResult];

/** What a lexicon word asks for when it is found: the result code it leads to (1, 2 or 3). */
export type AntispamAction = 1 | 2 | 3;
export const ANTISPAM_ACTIONS: readonly AntispamAction[] = [AntispamResult.REPLACED, AntispamResult.REJECT, AntispamResult.SERVER];

/** §5 "1 filtered with ** substitution": every occurrence of a replace word becomes this. */
export const ANTISPAM_REPLACEMENT = '**';
/** Longest lexicon word (ours: the spec gives no bound). */
export const MAX_ANTISPAM_WORD_LENGTH = 100;
/** Most words in one lexicon (ours), so one lexicon fits a frame and one regular expression. */
export const MAX_ANTISPAM_WORDS = 2000;

export interface AntispamWord {
  word: string;
  action: AntispamAction;
}

/** The lexicon as getClientAntispam's `lexicon` carries it (JSON text), bound to one app key. */
export interface AntispamLexicon {
  appKey: string;
  version: number;
  words: AntispamWord[];
}

/** Why the filter could not run: §5 "Empty content gives 404; missing lexicon 404; malformed lexicon 500". */
export interface AntispamProblem {
  code: 404 | 500;
  message: string;
}

export interface AntispamVerdict {
  result: AntispamResultCode;
  /** The content to send: the input, or with each replace word as **, for result 1. */
  content: string;
  /** The lexicon words found (as written in the lexicon), for the server's yidunAntiSpamRes. */
  hits: string[];
}

/** Why a word (and its action) cannot go into a lexicon, or undefined (the operator's CLI runs it too). */
export function antispamWordProblem(word: unknown, action: unknown): string | undefined {
  if (typeof word !== 'string' || word.trim() === '') return 'word must be a non-empty text';
  if (word !== word.trim()) return 'word must not start or end with spaces';
  if (word.length > MAX_ANTISPAM_WORD_LENGTH) return `word must be at most ${MAX_ANTISPAM_WORD_LENGTH} characters`;
  if (!ANTISPAM_ACTIONS.includes(action as AntispamAction)) return 'action must be 1 (replace), 2 (reject) or 3 (leave to the server)';
  return undefined;
}

/** The lexicon's JSON text, as the server sends it. */
export function serializeAntispamLexicon(lexicon: AntispamLexicon): string {
  return JSON.stringify({ appKey: lexicon.appKey, version: lexicon.version, words: lexicon.words.map(({ word, action }) => ({ word, action })) });
}

/**
 * Reads getClientAntispam's lexicon text. `expectedAppKey`: a lexicon of another app key is refused like
 * a malformed one (issue 30 "Lexicons from another app key are refused"). Returns the lexicon or the problem.
 */
export function parseAntispamLexicon(text: unknown, expectedAppKey?: string): AntispamLexicon | AntispamProblem {
  if (text === undefined || text === null || text === '') return { code: 404, message: 'no anti-spam lexicon' };
  if (typeof text !== 'string') return malformed('the lexicon is not text');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return malformed('the lexicon is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) return malformed('the lexicon is not an object');
  const { appKey, version, words } = parsed as Record<string, unknown>;
  if (typeof appKey !== 'string' || appKey === '') return malformed('the lexicon names no app key');
  if (expectedAppKey !== undefined && appKey !== expectedAppKey) return malformed('the lexicon is for another app key');
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) return malformed('the lexicon has no version');
  if (!Array.isArray(words) || words.length > MAX_ANTISPAM_WORDS) return malformed(`the lexicon needs a list of at most ${MAX_ANTISPAM_WORDS} words`);
  const checked: AntispamWord[] = [];
  for (const entry of words) {
    const { word, action } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const problem = antispamWordProblem(word, action);
    if (problem) return malformed(`lexicon word refused: ${problem}`);
    checked.push({ word: word as string, action: action as AntispamAction });
  }
  return { appKey, version, words: checked };
}

export const isAntispamProblem = (value: AntispamLexicon | AntispamProblem | AntispamVerdict): value is AntispamProblem =>
  'code' in value && 'message' in value && !('words' in value);

const malformed = (message: string): AntispamProblem => ({ code: 500, message });

/** Regular expression of the words, longest first (a longer word wins over its own prefix), case-insensitive. */
function wordPattern(words: readonly AntispamWord[]): RegExp | undefined {
  if (words.length === 0) return undefined;
  const sorted = [...new Set(words.map((w) => w.word))].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'giu');
}

/**
 * §5's filter: a reject word anywhere gives 2; else a leave-to-server word gives 3; else every replace
 * word becomes ** (1); else 0. Matching is case-insensitive on whole substrings. Empty content and a
 * missing lexicon give 404, a malformed one 500.
 */
export function filterAntispam(content: unknown, lexicon: AntispamLexicon | undefined): AntispamVerdict | AntispamProblem {
  if (typeof content !== 'string' || content === '') return { code: 404, message: 'the content is empty' };
  if (!lexicon) return { code: 404, message: 'no anti-spam lexicon' };
  if (!Array.isArray(lexicon.words)) return malformed('the lexicon has no word list');
  const pattern = wordPattern(lexicon.words);
  if (!pattern) return { result: AntispamResult.UNCHANGED, content, hits: [] };
  const actionOf = new Map<string, AntispamAction>();
  for (const { word, action } of lexicon.words) {
    const key = word.toLowerCase();
    // The same word twice: the stricter action (reject over server over replace).
    actionOf.set(key, strictest(actionOf.get(key), action));
  }
  const hits = new Map<string, AntispamAction>();
  for (const match of content.matchAll(pattern)) {
    const word = lexicon.words.find((w) => w.word.toLowerCase() === match[0].toLowerCase())?.word ?? match[0];
    hits.set(word, actionOf.get(word.toLowerCase()) ?? AntispamResult.REPLACED);
  }
  const found = [...hits.keys()];
  const actions = new Set(hits.values());
  if (actions.has(AntispamResult.REJECT)) return { result: AntispamResult.REJECT, content, hits: found };
  if (actions.has(AntispamResult.SERVER)) return { result: AntispamResult.SERVER, content, hits: found };
  if (actions.has(AntispamResult.REPLACED)) return { result: AntispamResult.REPLACED, content: content.replace(pattern, ANTISPAM_REPLACEMENT), hits: found };
  return { result: AntispamResult.UNCHANGED, content, hits: [] };
}

const STRICTNESS: Record<AntispamAction, number> = { 1: 0, 3: 1, 2: 2 };
function strictest(a: AntispamAction | undefined, b: AntispamAction): AntispamAction {
  return a === undefined || STRICTNESS[b] > STRICTNESS[a] ? b : a;
}
