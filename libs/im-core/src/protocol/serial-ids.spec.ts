import { ImError } from '../errors/im-error';
import { FrequencyControl } from './frequency-control';
import { SerialIdAllocator } from './serial-ids';
import { MAX_SERIAL_ID } from './constants';

describe('SerialIdAllocator', () => {
  it('counts 1..32767 then wraps to 1, never giving 0', () => {
    const ids = new SerialIdAllocator();
    const seen: number[] = [];
    for (let i = 0; i < MAX_SERIAL_ID + 2; i++) {
      const id = ids.next();
      seen.push(id);
      ids.release(id);
    }
    expect(seen[0]).toBe(1);
    expect(seen[MAX_SERIAL_ID - 1]).toBe(MAX_SERIAL_ID);
    expect(seen[MAX_SERIAL_ID]).toBe(1);
    expect(seen).not.toContain(0);
  });

  it('never reuses an id still in flight', () => {
    const ids = new SerialIdAllocator();
    const held = ids.next(); // 1 stays in flight
    for (let i = 0; i < MAX_SERIAL_ID * 2; i++) {
      const id = ids.next();
      expect(id).not.toBe(held);
      ids.release(id);
    }
    expect(ids.isInFlight(held)).toBe(true);
  });

  it('throws an ImError when every id is in flight', () => {
    const ids = new SerialIdAllocator();
    for (let i = 0; i < MAX_SERIAL_ID; i++) ids.next();
    expect(ids.inFlightCount).toBe(MAX_SERIAL_ID);
    expect(() => ids.next()).toThrow(ImError);
    ids.release(123);
    expect(ids.next()).toBe(123);
  });
});

describe('FrequencyControl (416)', () => {
  it('blocks a command for the seconds the server gave, then lets it through', () => {
    let now = 1_000_000;
    const control = new FrequencyControl(() => now);
    control.block('sendMsg', 3);
    expect(() => control.assertAllowed('sendMsg')).toThrow(expect.objectContaining({ code: 416, retryAt: 1_003_000 }));
    expect(() => control.assertAllowed('getUsers')).not.toThrow();
    now += 2_999;
    expect(control.blockedUntilFor('sendMsg')).toBe(1_003_000);
    now += 1;
    expect(() => control.assertAllowed('sendMsg')).not.toThrow();
  });
});
