import { sql, type Generated, type Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { startPeriodicSweep } from '../periodic-sweep';

// The reporter's side on the server (issue 30 §1; im-client-spec §4 Reporter, §7 statistics calls;
// docs/im-background.md "Reporter"): what the dispatcher answers, what a report batch may hold, the
// stored events and their retention. The HTTP routes are stats/reporter-routes.ts.

/** The event kinds im-core reports (libs/im-core/src/background/reporter.ts ReportKind). */
export const REPORT_KINDS = ['connection', 'serverError', 'customError', 'uploadFailure'] as const;
export type ReportKindName = (typeof REPORT_KINDS)[number];
/** im-client-spec §9: a batch holds at most 1000 events (the clamp of maxSize). */
export const REPORT_BATCH_MAX_EVENTS = 1000;
/** Longest text kept per field; longer texts are cut (ours). */
export const REPORT_TEXT_MAX = 500;
/** How long events are kept by default (ours): 30 days. */
export const DEFAULT_REPORTER_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Rows per delete statement of the retention sweep. */
export const REPORTER_SWEEP_BATCH = 1000;

/**
 * The dispatcher's answer (§7), in seconds as im-core reads it. `enabled: false` answers code 415
 * (service unavailable): the clients keep the reporter off.
 */
export interface ReporterDispatchConfig {
  enabled: boolean;
  maxSize: number;
  maxInterval: number;
  minInterval: number;
  maxDelay: number;
}

/** The §9 defaults: maxSize 100, interval 30 s, minimum interval 10 s, maxDelay 300 s. */
export const DEFAULT_REPORTER_DISPATCH: Readonly<ReporterDispatchConfig> = { enabled: true, maxSize: 100, maxInterval: 30, minInterval: 10, maxDelay: 300 };

export interface ReporterEventTable {
  id: Generated<number>;
  app_key: string;
  account: string;
  device_id: string;
  sdk_type: string;
  sdk_version: string;
  platform: string;
  kind: string;
  name: string;
  code: string;
  command: string;
  message: string;
  event_time: number;
  received_at: number;
}

type ReporterDb = Kysely<ImDatabase & { im_reporter_event: ReporterEventTable }>;

export interface ReportCommon {
  appkey: string;
  deviceId: string;
  sdktype: string;
  sdkVer: string;
  platform: string;
  accid: string;
}

export interface ReportedEvent {
  kind: ReportKindName;
  time: number;
  name: string;
  code: string;
  command: string;
  message: string;
}

export type ParsedReport = { ok: true; common: ReportCommon; events: ReportedEvent[] } | { ok: false; field: string; message: string };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value.slice(0, REPORT_TEXT_MAX) : undefined);
const optionalText = (value: unknown): string | undefined => (value === undefined || value === null ? '' : typeof value === 'number' ? String(value) : text(value));

/**
 * Checks a report body `{common, event}` (§7): common.appkey and common.deviceId are required texts;
 * `event` maps known kinds to lists of `{time, name?, code?, command?, message?}`; at most 1000 events.
 * Anything else is refused with the field that is wrong, and nothing is stored.
 */
export function parseReport(body: unknown): ParsedReport {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { ok: false, field: 'body', message: 'a JSON object {common, event} is required' };
  const { common, event } = body as { common?: unknown; event?: unknown };
  if (!common || typeof common !== 'object' || Array.isArray(common)) return { ok: false, field: 'common', message: 'common must be an object' };
  const c = common as Record<string, unknown>;
  const appkey = text(c.appkey);
  const deviceId = text(c.deviceId);
  if (!appkey) return { ok: false, field: 'common.appkey', message: 'common.appkey is required' };
  if (!deviceId) return { ok: false, field: 'common.deviceId', message: 'common.deviceId is required' };
  if (!event || typeof event !== 'object' || Array.isArray(event)) return { ok: false, field: 'event', message: 'event must be an object of event lists by kind' };
  const events: ReportedEvent[] = [];
  for (const [kind, list] of Object.entries(event as Record<string, unknown>)) {
    if (!(REPORT_KINDS as readonly string[]).includes(kind)) return { ok: false, field: `event.${kind}`, message: `unknown event kind; known: ${REPORT_KINDS.join(', ')}` };
    if (!Array.isArray(list)) return { ok: false, field: `event.${kind}`, message: 'must be a list' };
    for (const [index, item] of list.entries()) {
      const field = `event.${kind}.${index}`;
      if (!item || typeof item !== 'object') return { ok: false, field, message: 'must be an object' };
      const e = item as Record<string, unknown>;
      if (typeof e.time !== 'number' || !Number.isSafeInteger(e.time) || e.time < 0) return { ok: false, field: `${field}.time`, message: 'time must be epoch ms' };
      const name = optionalText(e.name);
      const code = optionalText(e.code);
      const command = optionalText(e.command);
      const message = optionalText(e.message);
      if (name === undefined || code === undefined || command === undefined || message === undefined) return { ok: false, field, message: 'name, code, command and message must be texts' };
      events.push({ kind: kind as ReportKindName, time: e.time, name, code, command, message });
      if (events.length > REPORT_BATCH_MAX_EVENTS) return { ok: false, field: 'event', message: `at most ${REPORT_BATCH_MAX_EVENTS} events per batch` };
    }
  }
  return {
    ok: true,
    common: { appkey, deviceId, sdktype: text(c.sdktype) ?? '', sdkVer: text(c.sdkVer) ?? '', platform: text(c.platform) ?? '', accid: text(c.accid) ?? '' },
    events,
  };
}

export interface StoredReporterEvent extends ReportedEvent {
  account: string;
  deviceId: string;
  receivedAt: number;
}

export class ReporterEventService {
  private readonly db: ReporterDb;

  constructor(
    db: Kysely<ImDatabase>,
    private readonly now: () => number,
  ) {
    // The table is typed here, beside the only code that reads it.
    this.db = db.withTables<{ im_reporter_event: ReporterEventTable }>();
  }

  /** Stores one accepted batch in one statement. */
  async store(appKey: string, common: ReportCommon, events: readonly ReportedEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const receivedAt = this.now();
    await this.db
      .insertInto('im_reporter_event')
      .values(
        events.map((e) => ({
          app_key: appKey, account: common.accid, device_id: common.deviceId, sdk_type: common.sdktype, sdk_version: common.sdkVer, platform: common.platform,
          kind: e.kind, name: e.name, code: e.code, command: e.command, message: e.message, event_time: e.time, received_at: receivedAt,
        })),
      )
      .execute();
    return events.length;
  }

  /** Events per kind received since `since` (epoch ms), for the operator. */
  async countByKind(appKey: string, since = 0): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('im_reporter_event')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('count')])
      .where('app_key', '=', appKey)
      .where('received_at', '>=', since)
      .groupBy('kind')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.kind, Number(r.count)]));
  }

  /** The newest events of an account (or of everyone), newest first. */
  async list(appKey: string, filter: { account?: string; kind?: ReportKindName; limit?: number } = {}): Promise<StoredReporterEvent[]> {
    let query = this.db.selectFrom('im_reporter_event').selectAll().where('app_key', '=', appKey);
    if (filter.account !== undefined) query = query.where('account', '=', filter.account);
    if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
    const rows = await query.orderBy('id', 'desc').limit(Math.min(Math.max(filter.limit ?? 100, 1), 1000)).execute();
    return rows.map((r) => ({
      kind: r.kind as ReportKindName, time: Number(r.event_time), name: r.name, code: r.code, command: r.command, message: r.message,
      account: r.account, deviceId: r.device_id, receivedAt: Number(r.received_at),
    }));
  }

  /** Deletes up to `batch` events older than the retention; true when a full batch went (more may be left). */
  async sweepBatch(retentionMs: number, batch = REPORTER_SWEEP_BATCH): Promise<boolean> {
    const cutoff = this.now() - retentionMs;
    const { rows } = await sql`
      delete from im_reporter_event where id in (select id from im_reporter_event where received_at < ${cutoff} order by id limit ${batch}) returning 1
    `.execute(this.db);
    return rows.length >= batch;
  }
}

/** The retention sweep (docs/im-background.md "Reporter"): at start and every `intervalMs`. */
export function startReporterSweep(
  service: ReporterEventService,
  retentionMs: number,
  intervalMs: number,
  log: { error(details: object, message: string): void },
): () => Promise<void> {
  return startPeriodicSweep('reporter event sweep', () => service.sweepBatch(retentionMs), intervalMs, log);
}
