import { ImError } from '../errors/im-error';
import { ImErrorName } from '../errors/codes';

/** Connection phases (im-client-spec §4 "Connection"). */
export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'loggedIn';

const ALLOWED: Readonly<Record<ConnectionState, readonly ConnectionState[]>> = {
  disconnected: ['connecting'],
  connecting: ['connected', 'disconnected'],
  connected: ['loggedIn', 'disconnected'],
  loggedIn: ['disconnected'],
};

/** The one place connection phases change; an illegal step is a bug, so it throws. */
export class ConnectionStateMachine {
  private current: ConnectionState = 'disconnected';

  constructor(private readonly onChange: (to: ConnectionState, from: ConnectionState) => void = () => undefined) {}

  get state(): ConnectionState {
    return this.current;
  }

  canMove(to: ConnectionState): boolean {
    return ALLOWED[this.current].includes(to);
  }

  move(to: ConnectionState): void {
    if (!this.canMove(to)) {
      throw new ImError(ImErrorName.Error_Connection_Socket_State_not_Match, `cannot go from ${this.current} to ${to}`);
    }
    const from = this.current;
    this.current = to;
    this.onChange(to, from);
  }
}
