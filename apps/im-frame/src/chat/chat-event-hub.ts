// Listener sets for the ChatClient events, shared by the real adapter and the test fake.
import type { ChatClientEventName, ChatClientEvents, Unsubscribe } from './chat-client';

type Listener<E extends ChatClientEventName> = (value: ChatClientEvents[E]) => void;

export class ChatEventHub {
  private readonly listeners: { [E in ChatClientEventName]: Set<Listener<E>> } = {
    message: new Set(),
    sessions: new Set(),
    state: new Set(),
    synced: new Set(),
    sessionsRemoved: new Set(),
  };

  on<E extends ChatClientEventName>(event: E, listener: Listener<E>): Unsubscribe {
    const set = this.listeners[event] as Set<Listener<E>>;
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<E extends ChatClientEventName>(event: E, value: ChatClientEvents[E]): void {
    for (const listener of [...(this.listeners[event] as Set<Listener<E>>)]) listener(value);
  }

  listenerCount(): number {
    return Object.values(this.listeners).reduce((sum, set) => sum + set.size, 0);
  }
}
