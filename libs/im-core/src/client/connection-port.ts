import type { ImConnection } from '../connection/im-connection';

/**
 * What the client uses of ImConnection (docs/decisions/0001: connect, request, events
 * state/loggedIn/push/kicked/disconnected, logout, destroy). Tests pass FakeConnection.
 */
export type ImConnectionPort = Pick<ImConnection, 'connect' | 'request' | 'on' | 'logout' | 'destroy'>;
