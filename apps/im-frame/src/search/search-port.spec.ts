// ImSearchPort: the im-core commands it sends for each kind of search (and, after a rule refusal, does not),
// and the filters it applies to the answer (sender; a file search's keyword on the file name).
import fc from 'fast-check';
import { ImError } from '@merchant/im-core';
import { ImSearchPort, SEARCH_LIMIT, typeOffered, type SearchQuery } from './search-port';
import { highlightParts, snippetAround, SNIPPET_MAX } from './highlight';

type Sent = { name: string; body: Record<string, unknown> };

const record = (over: Record<string, unknown>) => ({ scene: 0, from: 'c_alice', to: 's_1001', type: 0, idClient: 'x', idServer: '1', time: 1_700_000_000_000, text: '', ...over });

function setUp(msgs: Record<string, unknown>[] = []) {
  const sent: Sent[] = [];
  const request = (async (name: string, body: Record<string, unknown>) => {
    sent.push({ name, body });
    return { msgs };
  }) as unknown as ConstructorParameters<typeof ImSearchPort>[1];
  return { port: new ImSearchPort('s_1001', request), sent };
}

const query = (over: Partial<SearchQuery>): SearchQuery => ({ keyword: 'refund', type: 'all', sender: 'any', ...over });

describe('ImSearchPort', () => {
  it('searches text with msgFtsSearch: trimmed keyword, newest first, 100 at most, text only when asked, one conversation when scoped', async () => {
    const { port, sent } = setUp([record({ idClient: 'a', text: 'refund?' })]);
    const result = await port.search(query({ keyword: '  refund ' }));
    expect(sent[0]).toEqual({ name: 'msgFtsSearch', body: { keyword: 'refund', msgLimit: SEARCH_LIMIT, order: 'DESC' } });
    expect(result).toEqual({ messages: [expect.objectContaining({ idClient: 'a', sessionId: 'p2p-c_alice', text: 'refund?', flow: 'in' })], truncated: false });
    await port.search(query({ type: 'text', sessionId: 'team-42' }));
    expect(sent[1]).toEqual({ name: 'msgFtsSearch', body: { keyword: 'refund', msgTypes: [0], sessionIds: ['team-42'], msgLimit: SEARCH_LIMIT, order: 'DESC' } });
  });

  it('refuses a blank or too long keyword with 414 and sends nothing', async () => {
    const { port, sent } = setUp();
    await expect(port.search(query({ keyword: '   ' }))).rejects.toMatchObject({ code: 414 });
    await expect(port.search(query({ keyword: 'x'.repeat(101) }))).rejects.toBeInstanceOf(ImError);
    expect(sent).toEqual([]);
  });

  it('searches files by type with searchHistoryMsgs and matches the keyword in the file name', async () => {
    const file = (idClient: string, name: string) => record({ idClient, type: 6, file: { url: 'https://cdn.example/f', name, ext: 'pdf', size: 3 } });
    const { port, sent } = setUp([file('f1', 'Invoice-March.pdf'), file('f2', 'photo.pdf')]);
    const all = await port.search(query({ type: 'file', keyword: '', sessionId: 'p2p-c_alice' }));
    expect(sent[0]).toEqual({ name: 'searchHistoryMsgs', body: { msgTypes: [6], sessionIds: ['p2p-c_alice'], limit: SEARCH_LIMIT } });
    expect(all.messages.map((m) => m.idClient)).toEqual(['f1', 'f2']);
    const named = await port.search(query({ type: 'file', keyword: 'INVOICE' }));
    expect(named.messages.map((m) => m.idClient)).toEqual(['f1']);
  });

  it('keeps the sender asked for, and says when the answer was cut at the limit', async () => {
    const many = Array.from({ length: SEARCH_LIMIT }, (_, i) => record({ idClient: `m${i}`, ...(i === 0 ? { from: 's_1001', to: 'c_alice' } : {}) }));
    const { port } = setUp(many);
    const mine = await port.search(query({ sender: 'me' }));
    expect(mine.messages.map((m) => m.idClient)).toEqual(['m0']);
    expect(mine.truncated).toBe(true);
    const theirs = await port.search(query({ sender: 'others' }));
    expect(theirs.messages).toHaveLength(SEARCH_LIMIT - 1);
  });

  it('offers file types in p2p scopes and everywhere, not in a team conversation (searchHistoryMsgs is p2p only)', () => {
    expect(typeOffered('image', undefined)).toBe(true);
    expect(typeOffered('image', 'p2p-c_alice')).toBe(true);
    expect(typeOffered('image', 'team-42')).toBe(false);
    expect(typeOffered('text', 'team-42')).toBe(true);
  });
});

describe('highlightParts and snippetAround', () => {
  it('gives the text back unchanged and marks exactly the case-insensitive matches', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 4 }), (text, keyword) => {
        const parts = highlightParts(text, keyword);
        expect(parts.map((p) => p.text).join('')).toBe(text);
        if (keyword.trim() !== '' && text.toLowerCase().length === text.length) {
          for (const part of parts.filter((p) => p.match)) expect(part.text.toLowerCase()).toBe(keyword.trim().toLowerCase());
          expect(parts.some((p) => p.match)).toBe(text.toLowerCase().includes(keyword.trim().toLowerCase()));
        }
      }),
    );
  });

  it('marks every occurrence and treats markup as characters', () => {
    expect(highlightParts('<b>Refund</b> refund', 'refund')).toEqual([
      { text: '<b>', match: false },
      { text: 'Refund', match: true },
      { text: '</b> ', match: false },
      { text: 'refund', match: true },
    ]);
  });

  it('cuts a long text to show its first match', () => {
    const text = `${'a'.repeat(300)} refund ${'b'.repeat(300)}`;
    const snippet = snippetAround(text, 'refund');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('refund');
    expect(snippet.length).toBeLessThanOrEqual(SNIPPET_MAX + 2);
    expect(snippetAround('short refund', 'refund')).toBe('short refund');
  });
});
