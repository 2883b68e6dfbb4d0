import WebSocket from 'ws';
import { signImToken } from '@merchant/im-core/server';
import { FrameFlag, decodeFrame, encodeRequest } from '@merchant/im-core/testing';

/**
 * The merchant's account signed in on another device (an Android phone: client type 1), speaking the real
 * protocol to the real im-server. Another web login would replace the frame's (same platform, reason 1);
 * another platform is listed beside it (im-client-spec §4 multi-port) and can be signed out from the frame.
 */
export async function signInOtherDevice(account: string, options: { clientType?: number; os?: string } = {}) {
  const lbs = await fetch(`${process.env.E2E_IM_LBS_URL!}?k=merchant-im&id=${encodeURIComponent(account)}`).then((r) => r.json() as Promise<{ common: { link: string | string[] } }>);
  const link = [lbs.common.link].flat()[0];
  const socket = new WebSocket(link);
  socket.binaryType = 'nodebuffer';
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let kickedReason: number | undefined;
  const answers = new Map<number, (code: number) => void>();
  socket.on('message', (data: Buffer) => {
    const frame = decodeFrame(new Uint8Array(data));
    if (frame.flags & FrameFlag.PUSH) {
      if (frame.name === 'kicked') kickedReason = (frame.body as { reason?: number }).reason;
    } else answers.get(frame.serialId)?.(frame.code);
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  let serial = 0;
  const request = (name: 'login' | 'heartbeat', body: Record<string, unknown>) => {
    const serialId = ++serial;
    const answered = new Promise<number>((resolve) => answers.set(serialId, resolve));
    socket.send(encodeRequest(name, serialId, body as never));
    return answered;
  };
  const token = signImToken({ accid: account, appKey: 'merchant-im' }, process.env.E2E_IM_TOKEN_SECRET!);
  const code = await request('login', { appKey: 'merchant-im', account, token, clientType: options.clientType ?? 1, os: options.os ?? 'Android 14', deviceId: `e2e-phone-${Date.now()}`, sdkVersion: 'e2e', protocolVersion: 1 });
  if (code !== 200) throw new Error(`the other device's login answered ${code}`);
  // Heartbeats keep the server from closing an idle socket while the test looks at the frame.
  const heartbeat = setInterval(() => void request('heartbeat', {}), 5000);
  void closed.then(() => clearInterval(heartbeat));
  return {
    /** Settles when the server closed the socket (after a kick). */
    closed,
    /** The reason of the kicked push it got (3 = signed out by another port of the account). */
    kickedReason: () => kickedReason,
    close: () => {
      clearInterval(heartbeat);
      socket.close();
    },
  };
}
