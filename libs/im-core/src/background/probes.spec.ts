import { NETWORK_PROBE_TIMEOUT_MS, NetworkType, probeNetworkType } from './probes';

type Answer = Response | 'hang' | 'refuse';

/** Two probe hosts answering what the test scripts. */
function probeHosts(v4: () => Answer, v6: () => Answer) {
  const asked: string[] = [];
  const fetch = ((url: string, init: RequestInit) => {
    asked.push(url);
    const value = url.includes('v4') ? v4() : v6();
    if (value === 'refuse') return Promise.reject(new TypeError('fetch failed'));
    if (value === 'hang') {
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))));
    }
    return Promise.resolve(value);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

const ok = () => new Response('ok');
const probe = (hosts: ReturnType<typeof probeHosts>) =>
  probeNetworkType({
    ipv4Url: 'http://v4.probe/stats/probe/ipv4',
    ipv6Url: 'http://v6.probe/stats/probe/ipv6',
    fetch: hosts.fetch,
    timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
  });

describe('network probes (§4 "Network type is decided by two probes", §7 IP probing, §9 probe 2 s)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks both probe URLs and answers 2 when both answer', async () => {
    const hosts = probeHosts(ok, ok);
    await expect(probe(hosts)).resolves.toBe(NetworkType.dualStack);
    expect(hosts.asked.sort()).toEqual(['http://v4.probe/stats/probe/ipv4', 'http://v6.probe/stats/probe/ipv6']);
  });

  it('answers 1 when only IPv6 answers and 0 when only IPv4 answers', async () => {
    await expect(probe(probeHosts(() => 'refuse', ok))).resolves.toBe(NetworkType.ipv6);
    await expect(probe(probeHosts(ok, () => new Response('down', { status: 503 })))).resolves.toBe(NetworkType.ipv4);
  });

  it('gives up on a probe after 2 s (§9) and still answers', async () => {
    const result = probe(probeHosts(ok, () => 'hang'));
    let settled: number | undefined;
    void result.then((value) => (settled = value));
    await jest.advanceTimersByTimeAsync(NETWORK_PROBE_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toBe(NetworkType.ipv4);
  });

  it('answers 0 when nothing answers, and a garbage answer counts only by its status', async () => {
    await expect(probe(probeHosts(() => 'refuse', () => 'refuse'))).resolves.toBe(NetworkType.ipv4);
    await expect(probe(probeHosts(() => new Response('\u0000<html>garbage'), () => new Response('{"not":', { status: 500 })))).resolves.toBe(NetworkType.ipv4);
  });
});
