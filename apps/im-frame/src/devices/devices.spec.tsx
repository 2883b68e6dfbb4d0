// Other devices (issue 32 §8): the port over im-core's login-port list and kick, and the view.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoginPortRecordValue, LoginPortsChange } from '@merchant/im-core';
import { ImDevicesPort, type LoginPortsSource } from './devices-port';
import { DevicesButton } from './devices-dialog';
import { renderWithI18n } from '../test/render-frame';

/** The client's events and the list it keeps, as ImClient has them. */
class FakePortsClient implements LoginPortsSource {
  ports: LoginPortRecordValue[] = [];
  readonly kicks: string[][] = [];
  kickAnswer?: (ids: readonly string[]) => Promise<string[]>;
  private readonly listeners = new Map<string, Set<(value: never) => void>>();

  on(event: 'multiPortLogin' | 'syncDone', listener: (value: never) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return () => set.delete(listener);
  }

  fire(event: 'multiPortLogin', change: LoginPortsChange): void;
  fire(event: 'syncDone', summary: unknown): void;
  fire(event: string, value: unknown): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (value: unknown) => void)(value);
  }

  login(port: LoginPortRecordValue): void {
    this.ports = [...this.ports, port];
    this.fire('multiPortLogin', { state: 'login', ports: [port], loginPorts: this.ports });
  }

  logout(connectionId: string): void {
    const gone = this.ports.filter((p) => p.connectionId === connectionId);
    this.ports = this.ports.filter((p) => p.connectionId !== connectionId);
    this.fire('multiPortLogin', { state: 'logout', ports: gone, loginPorts: this.ports });
  }

  port(): ImDevicesPort {
    return new ImDevicesPort(
      this,
      async () => this.ports,
      async (ids) => {
        this.kicks.push([...ids]);
        return this.kickAnswer ? this.kickAnswer(ids) : ids.filter((id) => this.ports.some((p) => p.connectionId === id));
      },
    );
  }
}

const LOGIN_TIME = new Date(2026, 11, 7, 9, 30).getTime();
const phone: LoginPortRecordValue = { type: 2, customClientType: 0, time: LOGIN_TIME, online: true, connectionId: 'conn-phone', os: 'iOS 18 <script>', ip: '203.0.113.7' };
const pc: LoginPortRecordValue = { type: 4, customClientType: 0, time: LOGIN_TIME, online: true, connectionId: 'conn-pc', os: 'Windows 11' };

describe('ImDevicesPort', () => {
  it('lists the other ports as devices, follows logins and logouts, and leaves a kicked one out until the server says it went', async () => {
    const client = new FakePortsClient();
    const port = client.port();
    const changes: number[] = [];
    port.onChange(() => changes.push(1));
    client.login(phone);
    client.login(pc);
    expect(changes).toHaveLength(2);
    expect(await port.list()).toEqual([
      { connectionId: 'conn-phone', clientType: 2, os: 'iOS 18 <script>', ip: '203.0.113.7', loginTime: LOGIN_TIME },
      { connectionId: 'conn-pc', clientType: 4, os: 'Windows 11', loginTime: LOGIN_TIME },
    ]);
    await expect(port.signOut('conn-phone')).resolves.toBe(true);
    expect(client.kicks).toEqual([['conn-phone']]);
    // The push that it logged out may come later: it is not listed meanwhile.
    expect((await port.list()).map((d) => d.connectionId)).toEqual(['conn-pc']);
    client.logout('conn-phone');
    expect((await port.list()).map((d) => d.connectionId)).toEqual(['conn-pc']);
    // Already gone: nothing kicked, and the answer says so.
    await expect(port.signOut('conn-gone')).resolves.toBe(false);
  });

  it('says the list changed when this client logged in again and synced (the login answer holds the list)', () => {
    const client = new FakePortsClient();
    const port = client.port();
    let changed = 0;
    port.onChange(() => changed++);
    client.fire('syncDone', {});
    expect(changed).toBe(1);
  });
});

describe('DevicesButton', () => {
  it('counts the other devices in its name, lists them with what, system, time and IP, and signs one out after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new FakePortsClient();
    client.ports = [phone, pc];
    renderWithI18n(<DevicesButton devices={client.port()} connected />);
    const button = await screen.findByRole('button', { name: 'Other devices (2)' });
    await user.click(button);
    const dialog = screen.getByTestId('devices-dialog');
    const phoneRow = within(dialog).getByTestId('device-conn-phone');
    expect(phoneRow).toHaveTextContent('iPhone / iPad');
    // What the other client reported is plain text.
    expect(phoneRow).toHaveTextContent('iOS 18 <script> · Signed in 2026-12-07 09:30 · IP 203.0.113.7');
    expect(within(dialog).getByTestId('device-conn-pc')).toHaveTextContent('Windows PC');

    await user.click(within(phoneRow).getByRole('button', { name: 'Sign out iPhone / iPad' }));
    const confirm = screen.getByTestId('device-confirm');
    expect(within(confirm).getByRole('heading')).toHaveTextContent('Sign out iPhone / iPad?');
    expect(within(confirm).getByTestId('device-confirm-cancel')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(client.kicks).toEqual([]);

    // The list is usable again once the confirmation has gone.
    await user.click(await within(phoneRow).findByRole('button', { name: 'Sign out iPhone / iPad' }));
    await user.click(screen.getByTestId('device-confirm-ok'));
    await waitFor(() => expect(within(dialog).queryByTestId('device-conn-phone')).not.toBeInTheDocument());
    expect(client.kicks).toEqual([['conn-phone']]);
    expect(within(dialog).getByTestId('devices-status')).toHaveTextContent('iPhone / iPad was signed out');
    expect(screen.getByTestId('devices-open')).toHaveAccessibleName('Other devices (1)');
  });

  it('explains a refused sign-out in Chinese, and says when there is no other device', async () => {
    const user = userEvent.setup({ delay: null });
    const client = new FakePortsClient();
    client.ports = [pc];
    client.kickAnswer = async () => {
      throw new Error('408 timeout');
    };
    renderWithI18n(<DevicesButton devices={client.port()} connected />, 'zh-CN');
    await user.click(await screen.findByRole('button', { name: '其他登录设备（1 台）' }));
    await user.click(screen.getByRole('button', { name: '将 Windows 电脑 下线' }));
    await user.click(screen.getByTestId('device-confirm-ok'));
    expect(await screen.findByTestId('devices-status')).toHaveTextContent('无法将设备下线：408 timeout');
    expect(screen.getByTestId('device-conn-pc')).toBeInTheDocument();

    act(() => client.logout('conn-pc'));
    expect(await screen.findByTestId('devices-none')).toHaveTextContent('你的账号目前没有在其他设备上登录。');
  });
});
