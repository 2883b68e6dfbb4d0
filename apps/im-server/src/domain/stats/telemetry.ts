import { sql, type Generated, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { startPeriodicSweep } from '../periodic-sweep';

// The telemetry's side on the server (issue 30 §4; im-client-spec §7 "Failed location calls reported
// by POST" and "Message-delay statistics beacon"; docs/im-background.md "Telemetry and probes" and
// "Operator summary"): what a report or a beacon may hold, where they are stored, and the operator's
// summary. The HTTP routes are stats/telemetry-routes.ts.

/** §9 "failure-report throttle default 60000 ms (server may override)": what the location answer names by default. */
export const DEFAULT_LBS_FAILURE_THROTTLE_MS = 60_000;
/** Ours: at most this many entries in one beacon (the client sends 6 at a time, or what 10 s gathered). */
export const MSG_DELAY_BEACON_MAX_ENTRIES = 1000;
/** Ours: the longest text kept per field. */
export const TELEMETRY_TEXT_MAX = 500;
/** Rows per delete statement of the retention sweep. */
export const TELEMETRY_SWEEP_BATCH = 1000;
const HOUR_MS = 3_600_000;

/** The server's telemetry settings (config.telemetry). */
export interface TelemetryConfig {
  /** common["msg.stat.enable"]: clients send message-delay beacons (default false). */
  msgStatEnable: boolean;
  /** common.report.throttleMs, and the window in which the server drops a repeated failure report. */
  lbsFailureThrottleMs: number;
}

export const DEFAULT_TELEMETRY_CONFIG: Readonly<TelemetryConfig> = { msgStatEnable: false, lbsFailureThrottleMs: DEFAULT_LBS_FAILURE_THROTTLE_MS };

export interface LbsFailureTable {
  id: Generated<number>;
  app_key: string;
  account: string;
  request_url: string;
  error_code: string;
  platform: string;
  failed_at: number;
  sent_at: number;
  received_at: number;
}

export interface MsgDelayTable {
  id: Generated<number>;
  app_key: string;
  account: string;
  from_account: string;
  msg_id: string;
  session_id: string;
  server_time: number;
  receive_time: number;
  delay_ms: number;
  platform: string;
  sdk_version: string;
  manufactor: string;
  received_at: number;
}

type TelemetryTables = { im_lbs_failure: LbsFailureTable; im_msg_delay: MsgDelayTable; im_reporter_event: { app_key: string; kind: string; name: string; code: string; received_at: number } };
type TelemetryDb = Kysely<ImDatabase & TelemetryTables>;

export interface LbsFailureInput {
  appkey: string;
  accid: string;
  requestUrl: string;
  errorCode: string;
  platform: string;
  timestamp: number;
  sendTime: number;
}

export interface MsgDelayInput {
  appkey: string;
  accid: string;
  fromAccid: string;
  msgId: string;
  sessionId: string;
  serverTime: number;
  receiveTime: number;
  platform: string;
  sdkVer: string;
  manufactor: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; field: string; message: string };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value.slice(0, TELEMETRY_TEXT_MAX) : undefined);
const epochMs = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** §7 failed-location report: request_url, appkey, accid, timestamp, error_code, platform, send_time. */
export function parseLbsFailure(body: unknown): Parsed<LbsFailureInput> {
  if (!isObject(body)) return { ok: false, field: 'body', message: 'a JSON object is required' };
  const appkey = text(body.appkey);
  const accid = text(body.accid);
  const requestUrl = text(body.request_url);
  const errorCode = typeof body.error_code === 'number' && Number.isFinite(body.error_code) ? String(body.error_code) : text(body.error_code);
  if (!appkey) return { ok: false, field: 'appkey', message: 'appkey is required' };
  if (!accid) return { ok: false, field: 'accid', message: 'accid is required' };
  if (!requestUrl) return { ok: false, field: 'request_url', message: 'request_url is required' };
  if (!errorCode) return { ok: false, field: 'error_code', message: 'error_code must be a number or a text' };
  if (!epochMs(body.timestamp)) return { ok: false, field: 'timestamp', message: 'timestamp must be epoch ms' };
  if (!epochMs(body.send_time)) return { ok: false, field: 'send_time', message: 'send_time must be epoch ms' };
  return { ok: true, value: { appkey, accid, requestUrl, errorCode, platform: text(body.platform) ?? '', timestamp: body.timestamp, sendTime: body.send_time } };
}

/** A beacon `{list: [entry…]}`, each entry with the §7 fields; at most 1000 entries. */
export function parseMsgDelayBeacon(body: unknown): Parsed<MsgDelayInput[]> {
  if (!isObject(body) || !Array.isArray(body.list)) return { ok: false, field: 'list', message: 'a JSON object {list: [...]} is required' };
  if (body.list.length === 0) return { ok: false, field: 'list', message: 'list is empty' };
  if (body.list.length > MSG_DELAY_BEACON_MAX_ENTRIES) return { ok: false, field: 'list', message: `at most ${MSG_DELAY_BEACON_MAX_ENTRIES} entries per beacon` };
  const entries: MsgDelayInput[] = [];
  for (const [index, item] of body.list.entries()) {
    const field = `list.${index}`;
    if (!isObject(item)) return { ok: false, field, message: 'must be an object' };
    for (const name of ['appkey', 'accid', 'fromAccid', 'msgId', 'sessionId'] as const) {
      if (!text(item[name])) return { ok: false, field: `${field}.${name}`, message: `${name} is required` };
    }
    for (const name of ['serverTime', 'receiveTime'] as const) {
      if (!epochMs(item[name])) return { ok: false, field: `${field}.${name}`, message: `${name} must be epoch ms` };
    }
    entries.push({
      appkey: text(item.appkey)!, accid: text(item.accid)!, fromAccid: text(item.fromAccid)!, msgId: text(item.msgId)!, sessionId: text(item.sessionId)!,
      serverTime: item.serverTime as number, receiveTime: item.receiveTime as number,
      platform: text(item.platform) ?? '', sdkVer: text(item.sdk_ver) ?? '', manufactor: text(item.manufactor) ?? '',
    });
  }
  return { ok: true, value: entries };
}

/** One hour of message delays: p50 and p99 in ms (receiveTime − serverTime). */
export interface DelayHour {
  /** The hour's start, epoch ms. */
  hour: number;
  count: number;
  p50: number;
  p99: number;
}

export interface ConnectionFailureCount {
  /** 'lbs': failed location calls (their error_code); 'socket': the reporter's disconnects (their code). */
  source: 'lbs' | 'socket';
  code: string;
  count: number;
}

/** The operator's summary (docs/im-background.md "Operator summary"). */
export interface TelemetrySummary {
  appKey: string;
  since: number;
  delays: DelayHour[];
  connectionFailures: ConnectionFailureCount[];
  reporterEvents: Record<string, number>;
}

export class TelemetryService {
  private readonly db: TelemetryDb;

  constructor(
    db: Kysely<ImDatabase>,
    private readonly appKey: string,
    private readonly now: () => number,
    private readonly throttleMs: () => number,
  ) {
    this.db = db.withTables<TelemetryTables>();
  }

  /**
   * Stores a failed-location report, unless the same account reported the same URL and code within the
   * throttle window (a client that ignores its throttle, or a retried POST): then nothing is stored.
   */
  async storeLbsFailure(input: LbsFailureInput): Promise<{ stored: boolean }> {
    const receivedAt = this.now();
    return this.db.transaction().execute(async (trx) => {
      // One account's reports are checked and written one at a time, so two at once cannot both pass.
      await sql`select pg_advisory_xact_lock(hashtext(${`lbs-failure:${this.appKey}:${input.accid}`}))`.execute(trx);
      const recent = await trx
        .selectFrom('im_lbs_failure')
        .select('id')
        .where('app_key', '=', this.appKey)
        .where('account', '=', input.accid)
        .where('request_url', '=', input.requestUrl)
        .where('error_code', '=', input.errorCode)
        .where('received_at', '>', receivedAt - this.throttleMs())
        .limit(1)
        .executeTakeFirst();
      if (recent) return { stored: false };
      await trx
        .insertInto('im_lbs_failure')
        .values({
          app_key: this.appKey, account: input.accid, request_url: input.requestUrl, error_code: input.errorCode, platform: input.platform,
          failed_at: input.timestamp, sent_at: input.sendTime, received_at: receivedAt,
        })
        .execute();
      return { stored: true };
    });
  }

  /** Stores a beacon's entries in one statement. */
  async storeDelays(entries: readonly MsgDelayInput[]): Promise<number> {
    const receivedAt = this.now();
    await this.db
      .insertInto('im_msg_delay')
      .values(
        entries.map((e) => ({
          app_key: this.appKey, account: e.accid, from_account: e.fromAccid, msg_id: e.msgId, session_id: e.sessionId, server_time: e.serverTime,
          receive_time: e.receiveTime, delay_ms: e.receiveTime - e.serverTime, platform: e.platform, sdk_version: e.sdkVer, manufactor: e.manufactor, received_at: receivedAt,
        })),
      )
      .execute();
    return entries.length;
  }

  /** The failed-location reports of an account, newest first. */
  async lbsFailures(account?: string): Promise<Array<Omit<LbsFailureTable, 'id' | 'app_key'>>> {
    let query = this.db.selectFrom('im_lbs_failure').select(['account', 'request_url', 'error_code', 'platform', 'failed_at', 'sent_at', 'received_at']).where('app_key', '=', this.appKey);
    if (account !== undefined) query = query.where('account', '=', account);
    const rows = await query.orderBy('id', 'desc').limit(1000).execute();
    return rows.map((r) => ({ ...r, failed_at: Number(r.failed_at), sent_at: Number(r.sent_at), received_at: Number(r.received_at) }));
  }

  /** Delay p50/p99 per hour (by when the server received the beacon), failures by code and reporter events by kind since `since`. */
  async summary(since: number): Promise<TelemetrySummary> {
    // Literal numbers: the same expression in select and group by must be the same text for PostgreSQL.
    const hourExpr = sql<number>`(received_at / ${sql.lit(HOUR_MS)}) * ${sql.lit(HOUR_MS)}`;
    const delays = await this.db
      .selectFrom('im_msg_delay')
      .select([
        hourExpr.as('hour'),
        (eb) => eb.fn.countAll<number>().as('count'),
        sql<number>`percentile_cont(0.5) within group (order by delay_ms::double precision)`.as('p50'),
        sql<number>`percentile_cont(0.99) within group (order by delay_ms::double precision)`.as('p99'),
      ])
      .where('app_key', '=', this.appKey)
      .where('received_at', '>=', since)
      .groupBy(hourExpr)
      .orderBy(hourExpr)
      .execute();
    const lbs = await this.db
      .selectFrom('im_lbs_failure')
      .select(['error_code as code', (eb) => eb.fn.countAll<number>().as('count')])
      .where('app_key', '=', this.appKey)
      .where('received_at', '>=', since)
      .groupBy('error_code')
      .execute();
    const socket = await this.db
      .selectFrom('im_reporter_event')
      .select(['code', (eb) => eb.fn.countAll<number>().as('count')])
      .where('app_key', '=', this.appKey)
      .where('kind', '=', 'connection')
      .where('name', '=', 'disconnected')
      .where('received_at', '>=', since)
      .groupBy('code')
      .execute();
    const kinds = await this.db
      .selectFrom('im_reporter_event')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
      .where('app_key', '=', this.appKey)
      .where('received_at', '>=', since)
      .groupBy('kind')
      .execute();
    const failures: ConnectionFailureCount[] = [
      ...lbs.map((r) => ({ source: 'lbs' as const, code: r.code, count: Number(r.count) })),
      ...socket.map((r) => ({ source: 'socket' as const, code: r.code || '(none)', count: Number(r.count) })),
    ].sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
    return {
      appKey: this.appKey,
      since,
      delays: delays.map((r) => ({ hour: Number(r.hour), count: Number(r.count), p50: Math.round(Number(r.p50)), p99: Math.round(Number(r.p99)) })),
      connectionFailures: failures,
      reporterEvents: Object.fromEntries(kinds.map((r) => [r.kind, Number(r.count)])),
    };
  }

  /** Deletes up to `batch` rows older than the retention from each table; true when a table gave a full batch. */
  async sweepBatch(retentionMs: number, batch = TELEMETRY_SWEEP_BATCH): Promise<boolean> {
    const cutoff = this.now() - retentionMs;
    const failures = await sql`
      delete from im_lbs_failure where id in (select id from im_lbs_failure where received_at < ${cutoff} order by id limit ${batch}) returning 1
    `.execute(this.db);
    const delays = await sql`
      delete from im_msg_delay where id in (select id from im_msg_delay where received_at < ${cutoff} order by id limit ${batch}) returning 1
    `.execute(this.db);
    return failures.rows.length >= batch || delays.rows.length >= batch;
  }
}

/** The retention sweep of failures and beacons (same retention as the reporter's events). */
export function startTelemetrySweep(service: TelemetryService, retentionMs: number, intervalMs: number, log: { error(details: object, message: string): void }): () => Promise<void> {
  return startPeriodicSweep('telemetry sweep', () => service.sweepBatch(retentionMs), intervalMs, log);
}
