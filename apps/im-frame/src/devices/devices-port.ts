// The account's other logged-in devices (issue 32 §8; im-client-spec §4 "reports other logged-in
// ports", §7 auth kick / multi-port login): the list im-core keeps from the login answer and each
// multiPortLogin push, and signing one of them out (kick by connection id; it hears reason 3,
// otherPlatform, and does not reconnect by itself).
import type { LoginPortRecordValue, LoginPortsChange } from '@merchant/im-core';

/** One other device, as the devices view shows it. */
export interface LoginDevice {
  connectionId: string;
  /** im-client-spec client type code (16 web; the others as NIM numbers them: 1 Android, 2 iOS, 4 PC, 64 Mac). */
  clientType: number;
  os?: string;
  ip?: string;
  /** Milliseconds since the epoch; absent when the server did not say. */
  loginTime?: number;
}

export type Unsubscribe = () => void;

export interface DevicesPort {
  /** The other devices now, oldest login first. */
  list(): Promise<LoginDevice[]>;
  /** Signs the device out; resolves true when the server kicked it, false when it was already gone. */
  signOut(connectionId: string): Promise<boolean>;
  /** The list may have changed (a device logged in or out, this client logged in again). */
  onChange(listener: () => void): Unsubscribe;
}

export function toLoginDevice(port: LoginPortRecordValue): LoginDevice | undefined {
  if (!port.connectionId) return undefined;
  return {
    connectionId: port.connectionId,
    clientType: port.type ?? 0,
    ...(port.os ? { os: port.os } : {}),
    ...(port.ip ? { ip: port.ip } : {}),
    ...(typeof port.time === 'number' && port.time > 0 ? { loginTime: port.time } : {}),
  };
}

/** What the port needs of the client (ImClient, or MultiTabImClient through its leader). */
export interface LoginPortsSource {
  on(event: 'multiPortLogin', listener: (change: LoginPortsChange) => void): () => void;
  on(event: 'syncDone', listener: () => void): () => void;
}

export class ImDevicesPort implements DevicesPort {
  private readonly listeners = new Set<() => void>();
  /** Kicked here and not yet reported gone by the server: left out of the list meanwhile. */
  private readonly kicked = new Set<string>();

  constructor(
    source: LoginPortsSource,
    private readonly readPorts: () => Promise<readonly LoginPortRecordValue[]>,
    private readonly kick: (connectionIds: readonly string[]) => Promise<string[]>,
  ) {
    source.on('multiPortLogin', (change) => {
      if (change.state === 'logout') for (const port of change.ports) if (port.connectionId) this.kicked.delete(port.connectionId);
      this.changed();
    });
    // A new login answers a fresh list; the client keeps it once the login has settled, before the sync ends.
    source.on('syncDone', () => this.changed());
  }

  async list(): Promise<LoginDevice[]> {
    return (await this.readPorts())
      .map(toLoginDevice)
      .filter((device): device is LoginDevice => device !== undefined && !this.kicked.has(device.connectionId));
  }

  async signOut(connectionId: string): Promise<boolean> {
    const kicked = await this.kick([connectionId]);
    const done = kicked.includes(connectionId);
    if (done) {
      this.kicked.add(connectionId);
      this.changed();
    }
    return done;
  }

  onChange(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
