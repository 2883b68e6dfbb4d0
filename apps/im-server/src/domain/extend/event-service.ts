import type { Kysely } from 'kysely';
import type { ImDatabase } from '../../db/schema';
import { EVENT_SUBSCRIBE_TIME, EVENT_VALID_TIME, eventAccountsProblem, eventPublishProblem, eventSubscribeTimeProblem } from '../../protocol';
import { parameterError } from '../errors';

/** An account's published event (§7 event service); validTime in seconds. */
export interface PublishedEvent {
  account: string;
  type: number;
  value: number;
  idClient: string;
  idServer: string;
  custom: string;
  time: number;
  validTime: number;
}

const refuse = (problem: string | undefined) => {
  if (problem) throw parameterError(problem);
};

/**
 * Events (issue 12; docs/im-extend.md "Events"): an account publishes one current event per type,
 * valid 60–604800 s (default 604800); others subscribe to it for 60–2592000 s (default 2592000) and
 * hear each publish while subscribed. Only the latest event per account and type is kept.
 */
export class EventService {
  constructor(
    private readonly db: Kysely<ImDatabase>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Stores `account`'s event and returns it with the accounts subscribed to it now. */
  async publish(
    account: string,
    input: { type?: unknown; value?: unknown; validTime?: unknown; custom?: unknown; idClient?: unknown } | undefined,
  ): Promise<{ event: PublishedEvent; subscribers: string[] }> {
    refuse(eventPublishProblem(input));
    if (input?.idClient !== undefined && (typeof input.idClient !== 'string' || input.idClient.length > 64)) throw parameterError('idClient must be at most 64 characters');
    const validTime = (input?.validTime as number | undefined) ?? EVENT_VALID_TIME.default;
    const time = this.now();
    const values = {
      value: input?.value as number,
      id_client: (input?.idClient as string | undefined) ?? '',
      custom: (input?.custom as string | undefined) ?? '',
      time,
      expires_at: time + validTime * 1000,
    };
    const row = await this.db
      .insertInto('im_event')
      .values({ accid: account, type: input?.type as number, ...values })
      .onConflict((oc) => oc.columns(['accid', 'type']).doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    const subs = await this.db
      .selectFrom('im_event_sub')
      .select('subscriber')
      .where('target', '=', account)
      .where('type', '=', input?.type as number)
      .where('expires_at', '>', time)
      .execute();
    return { event: eventFromRow(row), subscribers: subs.map((s) => s.subscriber) };
  }

  /** Subscribes `subscriber` to `accounts`' events of `type`; answers the accounts' current events for a sync. */
  async subscribe(subscriber: string, input: { type?: unknown; subscribeTime?: unknown; accounts?: unknown }): Promise<PublishedEvent[]> {
    refuse(eventAccountsProblem(input.type, input.accounts) ?? eventSubscribeTimeProblem(input.subscribeTime));
    const seconds = (input.subscribeTime as number | undefined) ?? EVENT_SUBSCRIBE_TIME.default;
    const time = this.now();
    const accounts = [...new Set(input.accounts as string[])];
    const type = input.type as number;
    await this.db
      .insertInto('im_event_sub')
      .values(accounts.map((target) => ({ subscriber, type, target, created_at: time, expires_at: time + seconds * 1000 })))
      .onConflict((oc) => oc.columns(['subscriber', 'type', 'target']).doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at'), expires_at: eb.ref('excluded.expires_at') })))
      .execute();
    return this.current(type, accounts);
  }

  async unsubscribe(subscriber: string, input: { type?: unknown; accounts?: unknown }): Promise<void> {
    refuse(eventAccountsProblem(input.type, input.accounts));
    await this.db
      .deleteFrom('im_event_sub')
      .where('subscriber', '=', subscriber)
      .where('type', '=', input.type as number)
      .where('target', 'in', input.accounts as string[])
      .execute();
  }

  /** The current events of those of `accounts` that `subscriber` is subscribed to now (others are not shown). */
  async query(subscriber: string, input: { type?: unknown; accounts?: unknown }): Promise<PublishedEvent[]> {
    refuse(eventAccountsProblem(input.type, input.accounts));
    const subs = await this.db
      .selectFrom('im_event_sub')
      .select('target')
      .where('subscriber', '=', subscriber)
      .where('type', '=', input.type as number)
      .where('target', 'in', input.accounts as string[])
      .where('expires_at', '>', this.now())
      .execute();
    return this.current(input.type as number, subs.map((s) => s.target));
  }

  private async current(type: number, accounts: readonly string[]): Promise<PublishedEvent[]> {
    if (accounts.length === 0) return [];
    const rows = await this.db
      .selectFrom('im_event')
      .selectAll()
      .where('type', '=', type)
      .where('accid', 'in', [...accounts])
      .where('expires_at', '>', this.now())
      .execute();
    return rows.map(eventFromRow);
  }
}

function eventFromRow(row: { accid: string; type: number; id_server: number; value: number; id_client: string; custom: string; time: number; expires_at: number }): PublishedEvent {
  return {
    account: row.accid,
    type: Number(row.type),
    value: Number(row.value),
    idClient: row.id_client,
    idServer: String(row.id_server),
    custom: row.custom,
    time: Number(row.time),
    validTime: Math.round((Number(row.expires_at) - Number(row.time)) / 1000),
  };
}
