import fc from 'fast-check';
import { COMMANDS, encodeRequest, type CommandName } from '@merchant/im-core/testing';
import { RawImClient } from './support/raw-client';
import { account, startServer, type StartedServer } from './support/test-server';

/** im-client-spec-independent robustness target: ≥ 10k generated frames per run. */
// CI runs 10k gateway frames (plus ~110k decoder cases in im-core); `npm run fuzz` runs far more.
const GENERATED_FRAMES = Number(process.env.GATEWAY_FUZZ_FRAMES ?? 10_000);
const BATCH = 250;

const requestNames = (Object.keys(COMMANDS) as CommandName[]).filter((n) => COMMANDS[n].kind === 'request');

/** Valid request frames of every command, each then mutated: flipped bytes, cut, extended. */
const mutatedFrame = fc
  .record({
    name: fc.constantFrom(...requestNames),
    serial: fc.integer({ min: 0, max: 32767 }),
    flips: fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), { maxLength: 4 }),
    cut: fc.option(fc.nat(), { nil: undefined }),
    tail: fc.uint8Array({ maxLength: 12 }),
  })
  .map(({ name, serial, flips, cut, tail }) => {
    const bytes = Array.from(encodeRequest(name, serial, {} as never));
    for (const { at, value } of flips) bytes[at % bytes.length] = value;
    const kept = cut === undefined ? bytes : bytes.slice(0, cut % (bytes.length + 1));
    return Uint8Array.from([...kept, ...tail]);
  });

/** Header-shaped garbage: right version byte, random everything else, random body. */
const headerShaped = fc
  .tuple(fc.uint8Array({ minLength: 7, maxLength: 7 }), fc.uint8Array({ maxLength: 64 }))
  .map(([header, body]) => Uint8Array.from([1, ...header, ...body]));

const garbage = fc.oneof(fc.uint8Array({ maxLength: 96 }), headerShaped, mutatedFrame);

describe('malformed frames never crash the server', () => {
  let started: StartedServer;
  beforeAll(async () => {
    started = await startServer({
      maxMalformedFrames: Number.MAX_SAFE_INTEGER,
      rateRules: { '*': { limit: 1_000_000, windowMs: 1000 } },
    });
  });
  afterAll(() => started.server.close());

  it(`answers ${GENERATED_FRAMES} generated frames while a healthy socket keeps being served`, async () => {
    const healthy = await RawImClient.loggedIn(started.wsUrl, account('healthy'));
    const peer = account('fuzz_peer');
    let fuzzer = await RawImClient.loggedIn(started.wsUrl, account('fuzzer'));
    const frames = fc.sample(garbage, { numRuns: GENERATED_FRAMES, seed: 20261122 });
    expect(frames).toHaveLength(GENERATED_FRAMES);
    let reopened = 0;
    let healthyAnswers = 0;

    for (let start = 0; start < frames.length; start += BATCH) {
      // A garbage frame may legitimately end the fuzzing socket (e.g. a mutated logout).
      if (fuzzer.closeInfo) {
        fuzzer = await RawImClient.loggedIn(started.wsUrl, account('fuzzer'));
        reopened++;
      }
      for (const frame of frames.slice(start, start + BATCH)) fuzzer.sendRaw(frame);
      const sent = await healthy.request('sendMsg', { msg: { idClient: `h-${start}`, scene: 0, to: peer, type: 0, text: `batch ${start}` } });
      expect(sent.code).toBe(200);
      healthyAnswers++;
    }

    expect(healthyAnswers).toBe(GENERATED_FRAMES / BATCH);
    // The server answered garbage rather than ignoring it.
    expect(fuzzer.headerOnly.length + fuzzer.responses.length).toBeGreaterThan(0);
    const health = (await (await fetch(`${started.url}/healthz`)).json()) as { status: string };
    expect(health.status).toBe('ok');
    const history = await healthy.request('getHistoryMsgs', { scene: 0, to: peer, limit: 100 });
    expect(history.body.msgs).toHaveLength(GENERATED_FRAMES / BATCH);
    // Reopening is the exception, not the rule.
    expect(reopened).toBeLessThan(GENERATED_FRAMES / BATCH);
    healthy.close();
    fuzzer.close();
  }, 180_000);
});
