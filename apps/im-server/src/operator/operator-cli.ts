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
  kick --account ACCOUNT [--port ID]    kicks the account's ports (or the one with connection id ID)
                                        with reason 2, serverKick; the clients stop reconnecting
  telemetry [HOURS]                     message delay p50/p99 per hour, connection failures by code,
                                        reporter events by kind, over the last HOURS (default 24)
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
  const kickAccount = option('--account');
  const kickPort = option('--port');
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
  if (area === 'kick' && command === undefined && kickAccount) {
    const text = await call('POST', '/kick', { account: kickAccount, ...(kickPort ? { connectionId: kickPort } : {}) });
    if (text === undefined) return 1;
    const { kicked } = JSON.parse(text) as { kicked: string[] };
    io.out(kicked.length === 0 ? `${kickAccount} has no port online` : `kicked ${kicked.length} port(s) of ${kickAccount} (serverKick): ${kicked.join(', ')}`);
    return 0;
  }
  if (area === 'telemetry' && rest.length === 0 && (command === undefined || /^\d+$/.test(command))) {
    const text = await call('GET', `/telemetry${query({ hours: command })}`);
    if (text === undefined) return 1;
    for (const line of renderTelemetrySummary(JSON.parse(text) as TelemetrySummaryView)) io.out(line);
    return 0;
  }
  io.out(OPERATOR_USAGE);
  return 2;
}

/** The operator endpoint's answer (domain/stats/telemetry.ts TelemetrySummary). */
export interface TelemetrySummaryView {
  appKey: string;
  since: number;
  delays: { hour: number; count: number; p50: number; p99: number }[];
  connectionFailures: { source: string; code: string; count: number }[];
  reporterEvents: Record<string, number>;
}

/** Width of the longest bar of a chart. */
const BAR_WIDTH = 30;
const bar = (value: number, max: number) => (max > 0 && value > 0 ? '#'.repeat(Math.max(1, Math.round((value / max) * BAR_WIDTH))) : '');
const hourText = (ms: number) => `${new Date(ms).toISOString().slice(0, 13).replace('T', ' ')}:00`;

/** The summary as text: three tables, each with a bar chart (p99 for delays, counts otherwise). */
export function renderTelemetrySummary(summary: TelemetrySummaryView): string[] {
  const lines = [`telemetry of ${summary.appKey} since ${new Date(summary.since).toISOString()}`, '', 'message delay per hour (ms, from the beacons; bar = p99)'];
  if (summary.delays.length === 0) lines.push('  no beacons');
  else {
    const max = Math.max(...summary.delays.map((d) => d.p99));
    lines.push(`  ${'hour (UTC)'.padEnd(17)}${'beacons'.padStart(8)}${'p50'.padStart(8)}${'p99'.padStart(8)}`);
    for (const d of summary.delays) lines.push(`  ${hourText(d.hour).padEnd(17)}${String(d.count).padStart(8)}${String(d.p50).padStart(8)}${String(d.p99).padStart(8)}  ${bar(d.p99, max)}`);
  }
  lines.push('', 'connection failures by code (lbs: failed location calls; socket: disconnects the reporter saw)');
  if (summary.connectionFailures.length === 0) lines.push('  none');
  else {
    const max = Math.max(...summary.connectionFailures.map((f) => f.count));
    for (const f of summary.connectionFailures) lines.push(`  ${f.source.padEnd(7)}${f.code.padEnd(16)}${String(f.count).padStart(6)}  ${bar(f.count, max)}`);
  }
  lines.push('', 'reporter events by kind');
  const kinds = Object.entries(summary.reporterEvents).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (kinds.length === 0) lines.push('  none');
  else {
    const max = Math.max(...kinds.map(([, count]) => count));
    for (const [kind, count] of kinds) lines.push(`  ${kind.padEnd(16)}${String(count).padStart(6)}  ${bar(count, max)}`);
  }
  return lines;
}
