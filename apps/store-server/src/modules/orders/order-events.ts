import { EventEmitter } from 'node:events';

/** A paid order, as the console's new-order notification shows it (issue 11 "Real-time new orders"). */
export interface OrderPaidEvent {
  storeId: number;
  orderId: number;
  amountCents: number;
  /** Integer seconds, as on the wire. */
  paidAt: number;
}

/**
 * Order events inside one store-server process: the orders module emits, the notifications module
 * pushes them to the store's open consoles. Listeners must not throw; a slow one must not block.
 */
export class OrderEvents {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open console stream.
    this.emitter.setMaxListeners(0);
  }

  emitPaid(event: OrderPaidEvent): void {
    this.emitter.emit('paid', event);
  }

  /** Returns the function that stops listening. */
  onPaid(listener: (event: OrderPaidEvent) => void): () => void {
    this.emitter.on('paid', listener);
    return () => this.emitter.off('paid', listener);
  }
}
