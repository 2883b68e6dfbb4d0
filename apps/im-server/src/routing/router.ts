import type { ProtocolRecord } from '../protocol';

/** A logged-in port (im-client-spec §3 "Login port record") plus the node holding its socket. */
export interface PortRecord {
  connectionId: string;
  account: string;
  type: number;
  customClientType: number;
  deviceId: string;
  os: string;
  time: number;
  nodeId: string;
  /** A chat-room socket (docs/im-chatroom.md): `account` is the room's route key, this is the member's account. */
  chatroomAccount?: string;
}

/** What one node asks the nodes holding an account's sockets to do. */
export type RoutedEvent =
  | {
      kind: 'push';
      /** A push command of the table, e.g. `msg`, `syncSendMsg`, `multiPortLogin`. */
      command: string;
      body: ProtocolRecord;
      /** Skip this port (the one that caused the event, which got a response instead). */
      exceptConnectionId?: string;
    }
  | { kind: 'kick'; connectionIds: string[]; reason: number; byClientType: number };

export type RoutedEventHandler = (account: string, event: RoutedEvent) => void;

/** Called when routing between nodes is back after an outage in which pushes may have been lost. */
export type RoutesRestoredHandler = () => void;

/**
 * Delivers events to every socket of an account, wherever it is connected, and keeps the
 * directory of logged-in ports. In-process for one node; Redis pub/sub for several.
 */
export interface Router {
  readonly nodeId: string;
  /** Called for each event addressed to an account that has sockets on this node. */
  onEvent(handler: RoutedEventHandler): void;
  /**
   * Called once routing is whole again after the link between nodes was lost (Redis restarted or
   * unreachable): this node is subscribed again and its ports are announced again, but pushes published
   * meanwhile are gone, so the gateway has its sockets sync (docs/operations.md "Redis restarted").
   */
  onRoutesRestored(handler: RoutesRestoredHandler): void;
  /** Registers a logged-in port; this node starts receiving the account's events. */
  addPort(port: PortRecord): Promise<void>;
  removePort(port: PortRecord): Promise<void>;
  /** Every logged-in port of the account on every node. */
  listPorts(account: string): Promise<PortRecord[]>;
  publish(account: string, event: RoutedEvent): Promise<void>;
  /**
   * Delivers one event to every port of each of `accounts` (a team's members) on every node: one
   * message between nodes for all of them, not one per account (issue 12, docs/performance.md).
   */
  publishToMany(accounts: readonly string[], event: RoutedEvent): Promise<void>;
  /** Delivers to every logged-in port on every node (broadcast messages). */
  publishToAll(event: RoutedEvent): Promise<void>;
  close(): Promise<void>;
}
