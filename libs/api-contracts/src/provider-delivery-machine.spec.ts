import { PROVIDER_CONTRACT_MACHINE, PROVIDER_CONTRACT_STATE_LABELS, type ProviderContractEvent } from './provider-delivery-machine';
import type { Actor } from './state-machine';

const ACTORS: Actor[] = ['merchant', 'buyer', 'platform', 'system', 'provider'];
const EVENTS: ProviderContractEvent[] = ['sign', 'suspend', 'resume', 'close'];

// The legal moves written out by hand from docs/merchant-centre.md "Service-provider delivery":
// "<from> <event> <actor> <to>". Every other (state, event, actor) must be refused.
const LEGAL = [
  '1 sign merchant 2',
  '2 suspend provider 3',
  '2 suspend platform 3',
  '3 resume platform 2',
  '1 close merchant 4',
  '2 close merchant 4',
  '3 close merchant 4',
];

describe('provider delivery contract machine (1 awaiting signature, 2 running, 3 suspended, 4 closed)', () => {
  it('allows exactly the designed moves, for the designed actors, and refuses every other (state, event, actor)', () => {
    const expected = new Map(LEGAL.map((line) => {
      const [from, event, actor, to] = line.split(' ');
      return [`${from} ${event} ${actor}`, Number(to)];
    }));
    let checked = 0;
    let allowed = 0;
    for (const state of PROVIDER_CONTRACT_MACHINE.states) {
      for (const event of EVENTS) {
        for (const actor of ACTORS) {
          const key = `${state} ${event} ${actor}`;
          const next = PROVIDER_CONTRACT_MACHINE.next(state, event, actor);
          expect([key, next]).toEqual([key, expected.get(key)]);
          checked++;
          if (next !== undefined) allowed++;
        }
      }
    }
    expect(checked).toBe(4 * 4 * 5);
    expect(allowed).toBe(LEGAL.length);
  });

  it('starts awaiting the signature; closed is final; a suspended service can still be closed by the store', () => {
    expect(PROVIDER_CONTRACT_MACHINE.initial).toBe(1);
    expect([1, 2, 3, 4].map((s) => PROVIDER_CONTRACT_MACHINE.isTerminal(s))).toEqual([false, false, false, true]);
    expect(PROVIDER_CONTRACT_MACHINE.eventsFrom(1, 'merchant')).toEqual(['sign', 'close']);
    expect(PROVIDER_CONTRACT_MACHINE.eventsFrom(2, 'merchant')).toEqual(['close']);
    expect(PROVIDER_CONTRACT_MACHINE.eventsFrom(3, 'merchant')).toEqual(['close']);
    expect(PROVIDER_CONTRACT_MACHINE.eventsFrom(3, 'provider')).toEqual([]);
    expect(PROVIDER_CONTRACT_MACHINE.eventsFrom(4)).toEqual([]);
  });

  it('cannot sign twice, nor reopen a closed contract, nor move a state outside the machine', () => {
    expect(PROVIDER_CONTRACT_MACHINE.next(2, 'sign', 'merchant')).toBeUndefined();
    expect(PROVIDER_CONTRACT_MACHINE.next(4, 'resume', 'platform')).toBeUndefined();
    expect(PROVIDER_CONTRACT_MACHINE.next(0, 'sign', 'merchant')).toBeUndefined();
  });

  it('labels every state in both languages', () => {
    for (const state of PROVIDER_CONTRACT_MACHINE.states) {
      expect(PROVIDER_CONTRACT_STATE_LABELS.labels[state]['zh-CN']).toBeTruthy();
      expect(PROVIDER_CONTRACT_STATE_LABELS.labels[state]['en-US']).toBeTruthy();
    }
  });
});
