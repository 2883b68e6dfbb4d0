import { SentHere } from './sent-here';

describe('SentHere: the idClients a connection sent (issue 34 §1 re-routing of resends)', () => {
  it('knows what was sent on it and nothing else', () => {
    const sent = new SentHere();
    sent.add('a');
    expect(sent.has('a')).toBe(true);
    expect(sent.has('b')).toBe(false);
  });

  it('forgets the oldest past 1024, keeping one used again as recent', () => {
    const sent = new SentHere();
    for (let i = 0; i < 1024; i++) sent.add(`m${i}`);
    sent.add('m0'); // used again: now the newest
    sent.add('m1024');
    expect(sent.has('m0')).toBe(true);
    expect(sent.has('m1')).toBe(false);
    expect(sent.has('m1024')).toBe(true);
  });
});
