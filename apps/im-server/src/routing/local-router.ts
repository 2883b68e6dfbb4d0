import type { PortRecord, RoutedEvent, RoutedEventHandler, Router } from './router';

/** Single-node routing: the directory is this process's memory and delivery is a function call. */
export class LocalRouter implements Router {
  private readonly ports = new Map<string, Map<string, PortRecord>>();
  private handler: RoutedEventHandler = () => {};

  constructor(readonly nodeId: string) {}

  onEvent(handler: RoutedEventHandler): void {
    this.handler = handler;
  }

  /** In one process nothing between nodes can be lost. */
  onRoutesRestored(): void {}

  async addPort(port: PortRecord): Promise<void> {
    let byConnection = this.ports.get(port.account);
    if (!byConnection) this.ports.set(port.account, (byConnection = new Map()));
    byConnection.set(port.connectionId, port);
  }

  async removePort(port: PortRecord): Promise<void> {
    const byConnection = this.ports.get(port.account);
    byConnection?.delete(port.connectionId);
    if (byConnection?.size === 0) this.ports.delete(port.account);
  }

  async listPorts(account: string): Promise<PortRecord[]> {
    return [...(this.ports.get(account)?.values() ?? [])];
  }

  async publish(account: string, event: RoutedEvent): Promise<void> {
    if (this.ports.has(account)) this.handler(account, event);
  }

  async publishToMany(accounts: readonly string[], event: RoutedEvent): Promise<void> {
    for (const account of accounts) if (this.ports.has(account)) this.handler(account, event);
  }

  async publishToAll(event: RoutedEvent): Promise<void> {
    for (const account of [...this.ports.keys()]) this.handler(account, event);
  }

  async close(): Promise<void> {
    this.ports.clear();
  }
}
