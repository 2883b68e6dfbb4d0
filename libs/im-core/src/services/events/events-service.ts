import type { EventRecord } from '../../protocol/records';
import type { RecordOf } from '../../protocol/schema';
import { checkExtend, eventAccountsProblem, eventPublishProblem, validateEventSubscribeTime, validateEventValidTime } from '../../validation/extend-rules';
import type { ServiceContext } from '../service-context';

/**
 * An account's published event (im-client-spec §7 "event service"; docs/im-extend.md "Events"), with the
 * wire's names: one current event per account and type, valid `validTime` seconds from `time` (ms).
 */
export interface ImEvent {
  /** Who published it. */
  account: string;
  type: number;
  value: number;
  idClient: string;
  idServer: string;
  /** When the server stored it (ms). */
  time: number;
  /** Seconds the event stays current after `time` (60–604800). */
  validTime: number;
  custom?: string;
}

export interface PublishEventInput {
  /** A non-negative integer. */
  type: number;
  /** An integer. */
  value: number;
  /** 60–604800 s; default 604800 (§5). */
  validTime?: number;
  /** At most 1024 characters. */
  custom?: string;
  /** Also push the event to my other devices. */
  sync?: boolean;
}

export interface SubscribeEventInput {
  type: number;
  /** 1–100 accounts whose events of `type` I want to hear. */
  accounts: readonly string[];
  /** 60–2592000 s; default 2592000 (§5). Subscribing again renews the expiry. */
  subscribeTime?: number;
  /** After the answer, push the accounts' current events of `type` (as `event`). */
  sync?: boolean;
}

export interface EventAccountsInput {
  type: number;
  /** 1–100 accounts. */
  accounts: readonly string[];
}

/** Subscribe and unsubscribe answers: the accounts the server could not (un)subscribe (always empty on im-server). */
export interface EventSubscribeResult {
  failedAccounts: string[];
}

export interface EventsEvents {
  /** One event of an account I subscribe to (or mine from another device, with `sync`): one per event of an eventPush. */
  event: ImEvent;
}

/** The wire record as the app sees it; records without an account (none on im-server) are left out. */
export function fromWireEvent(record: RecordOf<typeof EventRecord> | undefined): ImEvent | undefined {
  if (!record?.account) return undefined;
  return {
    account: record.account,
    type: record.type ?? 0,
    value: record.value ?? 0,
    idClient: record.idClient ?? '',
    idServer: record.idServer ?? '',
    time: record.time ?? 0,
    validTime: record.validTime ?? 0,
    ...(record.custom ? { custom: record.custom } : {}),
  };
}

const eventsOf = (records: readonly RecordOf<typeof EventRecord>[] | undefined): ImEvent[] =>
  (records ?? []).map(fromWireEvent).filter((e): e is ImEvent => e !== undefined);

/**
 * The event service (im-client-spec §5 event validity and subscription, §7 "event service (publish,
 * subscribe, query)"; docs/im-extend.md "Events"). Every call is checked by the rules the server runs
 * (validation/extend-rules.ts) before anything is sent, and the §5 defaults go on the wire (validTime
 * 604800, subscribeTime 2592000). eventPush pushes become `event` client events, one per event.
 */
export class EventsService {
  constructor(
    private readonly context: ServiceContext,
    private readonly emit: <E extends keyof EventsEvents>(event: E, payload: EventsEvents[E]) => void,
  ) {}

  /** Publishes my current event of `input.type` (replacing the previous one); answers it as the server stored it. */
  async publishEvent(input: PublishEventInput): Promise<ImEvent> {
    checkExtend(eventPublishProblem(input));
    const validTime = validateEventValidTime(input.validTime);
    const event = {
      type: input.type,
      value: input.value,
      validTime,
      idClient: this.context.createIdClient(),
      ...(input.custom ? { custom: input.custom } : {}),
      ...(input.sync === true ? { sync: true } : {}),
    };
    const answer = await this.context.connection.request('publishEvent', { event });
    // The server answers the stored event (idServer, account, time); without one, what was sent.
    return fromWireEvent(answer.event) ?? fromWireEvent({ ...event, account: this.context.account })!;
  }

  /** Subscribes to the events of `type` of 1–100 accounts for `subscribeTime` seconds (default 2592000). */
  async subscribeEvent(input: SubscribeEventInput): Promise<EventSubscribeResult> {
    checkExtend(eventAccountsProblem(input.type, input.accounts));
    const subscribeTime = validateEventSubscribeTime(input.subscribeTime);
    const answer = await this.context.connection.request('subscribeEvent', {
      type: input.type,
      accounts: [...input.accounts],
      subscribeTime,
      ...(input.sync === true ? { sync: true } : {}),
    });
    return { failedAccounts: answer.failedAccounts ?? [] };
  }

  /** Ends my subscriptions to the events of `type` of 1–100 accounts; their publishes are no longer pushed to me. */
  async unSubscribeEvent(input: EventAccountsInput): Promise<EventSubscribeResult> {
    checkExtend(eventAccountsProblem(input.type, input.accounts));
    const answer = await this.context.connection.request('unSubscribeEvent', { type: input.type, accounts: [...input.accounts] });
    return { failedAccounts: answer.failedAccounts ?? [] };
  }

  /**
   * The current (unexpired) events of `type` of those of the 1–100 accounts I subscribe to now; accounts
   * I do not subscribe to, or without a current event, are left out.
   */
  async querySubscribeEvents(input: EventAccountsInput): Promise<ImEvent[]> {
    checkExtend(eventAccountsProblem(input.type, input.accounts));
    const answer = await this.context.connection.request('querySubscribeEvents', { type: input.type, accounts: [...input.accounts] });
    return eventsOf(answer.events);
  }

  /** eventPush: each event becomes one `event`, in the push's order. */
  receive(body: { events?: readonly RecordOf<typeof EventRecord>[] }): void {
    for (const event of eventsOf(body.events)) this.emit('event', event);
  }
}
