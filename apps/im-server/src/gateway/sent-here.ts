/** How many of a connection's latest idClients it remembers; past it, a repeat is routed again (harmless: receivers keep one copy). */
const REMEMBERED = 1024;

/**
 * The idClients of messages sent on one connection, the latest REMEMBERED of them (CommandContext.sentHere).
 * A Set keeps insertion order, so the oldest is the first one.
 */
export class SentHere {
  private readonly ids = new Set<string>();

  has(idClient: string): boolean {
    return this.ids.has(idClient);
  }

  add(idClient: string): void {
    this.ids.delete(idClient);
    this.ids.add(idClient);
    if (this.ids.size > REMEMBERED) this.ids.delete(this.ids.values().next().value as string);
  }
}
