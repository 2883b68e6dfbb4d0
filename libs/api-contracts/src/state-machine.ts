// A finite state machine written as a transition table: the one description of which event moves a
// record from which states to which, used by store-server to enforce it and by the console to offer
// only the actions the current state allows. The spec leaves transitions "not shown"; each machine's
// design is in docs/orders.md.

/**
 * Who may fire an event: the store's operator, the buyer, the platform's staff, the system itself, or a
 * service provider the store contracts with (provider delivery, ./provider-delivery-machine.ts).
 */
export type Actor = 'merchant' | 'buyer' | 'platform' | 'system' | 'provider';

export interface TransitionRule<State extends number, Event extends string> {
  readonly event: Event;
  readonly from: readonly State[];
  readonly to: State;
  readonly actors: readonly Actor[];
}

export interface StateMachineDefinition<State extends number, Event extends string> {
  /** Names the machine in errors and docs. */
  readonly name: string;
  readonly states: readonly State[];
  readonly initial: State;
  readonly transitions: readonly TransitionRule<State, Event>[];
}

export interface StateMachine<State extends number, Event extends string> extends StateMachineDefinition<State, Event> {
  /** The state `event` leads to from `state`, or undefined when the event is not allowed there (for that actor). */
  next(state: number, event: Event, actor?: Actor): State | undefined;
  /** The events `actor` (any actor when omitted) may fire in `state`, in table order. */
  eventsFrom(state: number, actor?: Actor): Event[];
  /** A state no event leaves. */
  isTerminal(state: number): boolean;
  isState(value: unknown): value is State;
}

/** Builds a machine from its table, refusing a table that names unknown states or leaves states unreachable. */
export function defineStateMachine<State extends number, Event extends string>(
  definition: StateMachineDefinition<State, Event>,
): StateMachine<State, Event> {
  const known = new Set<number>(definition.states);
  for (const rule of definition.transitions) {
    for (const state of [...rule.from, rule.to]) {
      if (!known.has(state)) throw new Error(`${definition.name}: transition ${rule.event} names unknown state ${state}`);
    }
  }
  const reachable = new Set<number>([definition.initial]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const rule of definition.transitions) {
      if (rule.from.some((state) => reachable.has(state)) && !reachable.has(rule.to)) {
        reachable.add(rule.to);
        grew = true;
      }
    }
  }
  const unreachable = definition.states.filter((state) => !reachable.has(state));
  if (unreachable.length > 0) throw new Error(`${definition.name}: states ${unreachable.join(', ')} cannot be reached`);

  const allows = (rule: TransitionRule<State, Event>, state: number, actor?: Actor) =>
    (rule.from as readonly number[]).includes(state) && (actor === undefined || rule.actors.includes(actor));
  return {
    ...definition,
    next: (state, event, actor) => definition.transitions.find((rule) => rule.event === event && allows(rule, state, actor))?.to,
    eventsFrom: (state, actor) => [...new Set(definition.transitions.filter((rule) => allows(rule, state, actor)).map((rule) => rule.event))],
    isTerminal: (state) => !definition.transitions.some((rule) => (rule.from as readonly number[]).includes(state)),
    isState: (value): value is State => typeof value === 'number' && known.has(value),
  };
}
