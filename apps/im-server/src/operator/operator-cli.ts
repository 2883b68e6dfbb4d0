import { DEFAULT_OPERATOR_KEY } from '../config';

// `im-server-operator`: the operator's command line over the operator endpoints (operator-routes.ts;
// docs/im-background.md). It talks HTTP to a running im-server, so it works with PGlite (one process
// owns the folder) and PostgreSQL alike.

export const OPERATOR_USAGE = `usage: im-server-operator [--url URL] [--key KEY] [--app-key APPKEY] COMMAND
  antispam list                         the lexicon's words and actions
  antispam add WORD replace|reject|server
  antispam remove WORD
  logs list [ACCOUNT]                   uploaded debug logs, newest first
  logs show ID                          one log's text
URL defaults to IM_OPERATOR_URL or http://127.0.0.1:3200, KEY to IM_OPERATOR_KEY or the development key.`;

/** The lexicon actions by name (im-client-spec §5 results 1, 2, 3). */
export const ACTION_BY_NAME: Readonly<Record<string, 1 | 2 | 3>> = { replace: 1, reject: 2, server: 3 };
const NAME_BY_ACTION: Readonly<Record<number, string>> = { 1: 'replace', 2: 'reject', 3: 'server' };

export interface OperatorCliIo {
  fetch: typeof globalThis.fetch;
  out(line: string): void;
  env: Record<string, string | undefined>;
}

/** Runs one command; answers the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runOperatorCli(argv: readonly string[], io: OperatorCliIo): Promise<number> {
  const args = [...argv];
  const option = (name: string) => {
    const at = args.indexOf(name);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    return value;
  };
  const base = (option('--url') ?? io.env.IM_OPERATOR_URL ?? 'http://127.0.0.1:3200').replace(/\/$/, '');
  const key = option('--key') ?? (io.env.IM_OPERATOR_KEY || DEFAULT_OPERATOR_KEY);
  const appKey = option('--app-key');
  const [area, command, ...rest] = args;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await io.fetch(`${base}/operator${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) {
      io.out(`refused (${response.status}): ${text}`);
      return undefined;
    }
    return text;
  };
  const query = (params: Record<string, string | undefined>) => {
    const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return search.size > 0 ? `?${search}` : '';
  };

  if (area === 'antispam' && command === 'list') {
    const text = await call('GET', `/antispam${query({ appKey })}`);
    if (text === undefined) return 1;
    const lexicon = JSON.parse(text) as { appKey: string; version: number; words: { word: string; action: number }[] };
    io.out(`lexicon of ${lexicon.appKey}, version ${lexicon.version}, ${lexicon.words.length} words`);
    for (const { word, action } of lexicon.words) io.out(`${NAME_BY_ACTION[action] ?? action}\t${word}`);
    return 0;
  }
  if (area === 'antispam' && command === 'add' && rest.length === 2 && ACTION_BY_NAME[rest[1]]) {
    const text = await call('POST', '/antispam/words', { appKey, word: rest[0], action: ACTION_BY_NAME[rest[1]] });
    if (text === undefined) return 1;
    io.out(`added "${rest[0]}" (${rest[1]})`);
    return 0;
  }
  if (area === 'antispam' && command === 'remove' && rest.length === 1) {
    const text = await call('DELETE', `/antispam/words${query({ appKey, word: rest[0] })}`);
    if (text === undefined) return 1;
    io.out(`removed "${rest[0]}"`);
    return 0;
  }
  if (area === 'logs' && command === 'list' && rest.length <= 1) {
    const text = await call('GET', `/sdk-logs${query({ account: rest[0] })}`);
    if (text === undefined) return 1;
    const { logs } = JSON.parse(text) as { logs: { id: number; account: string; size: number; createdAt: number }[] };
    if (logs.length === 0) io.out('no logs');
    for (const log of logs) io.out(`${log.id}\t${log.account}\t${log.size} bytes\t${new Date(log.createdAt).toISOString()}`);
    return 0;
  }
  if (area === 'logs' && command === 'show' && rest.length === 1) {
    const text = await call('GET', `/sdk-logs/${encodeURIComponent(rest[0])}`);
    if (text === undefined) return 1;
    io.out(text);
    return 0;
  }
  io.out(OPERATOR_USAGE);
  return 2;
}

