import type { LoginPortRecordValue } from '../protocol/records';

/** What a multiPortLogin push says happened to the listed ports (im-client-spec §4, §7 "multi-port login"). */
export type LoginPortsState = 'login' | 'logout';

/** A change of the account's other ports: the delta the server pushed and the whole list after it. */
export interface LoginPortsChange {
  /** login: the named ports came online; logout: they went. */
  state: LoginPortsState;
  /** The ports the push named (usually one). */
  ports: LoginPortRecordValue[];
  /** Every other logged-in port of the account after the change, oldest login first. */
  loginPorts: LoginPortRecordValue[];
}

/**
 * Applies one multiPortLogin delta to the list of other ports. The server pushes deltas, not the
 * whole list: a login adds (or refreshes) the named ports, a logout removes them, each keyed by
 * connection id. The own connection never appears. Unknown states change nothing.
 */
export function applyLoginPortsDelta(
  current: readonly LoginPortRecordValue[],
  state: string,
  ports: readonly LoginPortRecordValue[],
  ownConnectionId: string | undefined,
): LoginPortRecordValue[] {
  const named = ports.filter((port) => typeof port.connectionId === 'string' && port.connectionId !== '' && port.connectionId !== ownConnectionId);
  const namedIds = new Set(named.map((port) => port.connectionId));
  if (state === 'logout') return current.filter((port) => !namedIds.has(port.connectionId));
  if (state !== 'login') return [...current];
  const kept = current.filter((port) => !namedIds.has(port.connectionId));
  return [...kept, ...named.map((port) => ({ ...port, online: true }))];
}
