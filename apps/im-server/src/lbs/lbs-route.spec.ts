import Fastify from 'fastify';
import { lbsUrlOfWsLink, registerLbsRoute, type LbsOptions } from './lbs-route';

const APP_KEY = 'merchant-im';

async function answer(options: LbsOptions): Promise<{ common: { link: string; 'lbs.backup': string[] } }> {
  const app = Fastify();
  registerLbsRoute(app, options, APP_KEY);
  try {
    // A real socket on loopback (light-my-request's inject does not load under this jest set-up).
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const reply = await fetch(`${base}/lbs?id=alice&k=${APP_KEY}`);
    expect(reply.status).toBe(200);
    return (await reply.json()) as { common: { link: string; 'lbs.backup': string[] } };
  } finally {
    await app.close();
  }
}

describe('the location answer names the other nodes as backup (issue 34 §1)', () => {
  const everyNode = ['http://im1:3200/lbs', 'http://im2:3200/lbs', 'http://im3:3200/lbs'];

  it('leaves this node out of a backup list shared by every node, keeping the order', async () => {
    const body = await answer({ publicWsUrl: () => 'ws://im2:3200/ws', backupLinks: () => everyNode, ownLbsUrls: () => ['http://im2:3200/lbs'] });
    expect(body.common.link).toBe('ws://im2:3200/ws');
    expect(body.common['lbs.backup']).toEqual(['http://im1:3200/lbs', 'http://im3:3200/lbs']);
  });

  it('keeps a list that names only this node (one node: nothing else to name)', async () => {
    const body = await answer({ publicWsUrl: () => 'ws://im1:3200/ws', backupLinks: () => ['http://im1:3200/lbs'], ownLbsUrls: () => ['http://im1:3200/lbs'] });
    expect(body.common['lbs.backup']).toEqual(['http://im1:3200/lbs']);
  });

  it("derives a node's location URL from its public socket link", () => {
    expect(lbsUrlOfWsLink('wss://im1.example.com/ws', '/ws')).toBe('https://im1.example.com/lbs');
    expect(lbsUrlOfWsLink('ws://10.0.0.5:3200/ws', '/ws')).toBe('http://10.0.0.5:3200/lbs');
    expect(lbsUrlOfWsLink('wss://edge.example.com/im/ws?x=1', '/ws')).toBe('https://edge.example.com/im/lbs');
  });
});
