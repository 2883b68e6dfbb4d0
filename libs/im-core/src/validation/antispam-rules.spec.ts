import fc from 'fast-check';
import {
  ANTISPAM_REPLACEMENT,
  AntispamResult,
  antispamWordProblem,
  filterAntispam,
  isAntispamProblem,
  parseAntispamLexicon,
  serializeAntispamLexicon,
  type AntispamLexicon,
} from './antispam-rules';

const lexicon: AntispamLexicon = {
  appKey: 'app-a',
  version: 3,
  words: [
    { word: 'darn', action: 1 },
    { word: 'scam', action: 2 },
    { word: 'wechat', action: 3 },
  ],
};

describe('client anti-spam filter (im-client-spec §5)', () => {
  it('answers 0 and the same text when no word is found', () => {
    expect(filterAntispam('hello there', lexicon)).toEqual({ result: AntispamResult.UNCHANGED, content: 'hello there', hits: [] });
  });

  it('answers 1 and replaces every occurrence of a replace word with **, whatever its case', () => {
    expect(filterAntispam('Darn, darn it', lexicon)).toEqual({ result: 1, content: `${ANTISPAM_REPLACEMENT}, ${ANTISPAM_REPLACEMENT} it`, hits: ['darn'] });
  });

  it('answers 2 for a reject word, before any other word, and leaves the text as it was', () => {
    expect(filterAntispam('darn this SCAM on wechat', lexicon)).toEqual({ result: 2, content: 'darn this SCAM on wechat', hits: expect.arrayContaining(['scam', 'darn', 'wechat']) });
  });

  it('answers 3 (leave to the server) for a server word when there is no reject word', () => {
    const verdict = filterAntispam('add me on WeChat, darn', lexicon);
    expect(verdict).toMatchObject({ result: 3, content: 'add me on WeChat, darn' });
  });

  it('gives 404 for empty content and for a missing lexicon, 500 for a malformed one', () => {
    expect(filterAntispam('', lexicon)).toEqual({ code: 404, message: 'the content is empty' });
    expect(filterAntispam('hi', undefined)).toEqual({ code: 404, message: 'no anti-spam lexicon' });
    expect(parseAntispamLexicon(undefined)).toMatchObject({ code: 404 });
    expect(parseAntispamLexicon('')).toMatchObject({ code: 404 });
    expect(parseAntispamLexicon('{not json')).toMatchObject({ code: 500 });
    expect(parseAntispamLexicon(JSON.stringify({ appKey: 'app-a', version: 1, words: [{ word: '', action: 1 }] }))).toMatchObject({ code: 500 });
    expect(parseAntispamLexicon(JSON.stringify({ appKey: 'app-a', version: 1, words: [{ word: 'x', action: 7 }] }))).toMatchObject({ code: 500 });
    expect(parseAntispamLexicon(JSON.stringify({ appKey: 'app-a', words: [] }))).toMatchObject({ code: 500 });
  });

  it('refuses a lexicon of another app key', () => {
    const text = serializeAntispamLexicon(lexicon);
    expect(parseAntispamLexicon(text, 'app-a')).toEqual(lexicon);
    expect(parseAntispamLexicon(text, 'app-b')).toEqual({ code: 500, message: 'the lexicon is for another app key' });
  });

  it('takes words with regular-expression characters literally', () => {
    const special: AntispamLexicon = { appKey: 'a', version: 1, words: [{ word: 'a.b', action: 1 }] };
    expect(filterAntispam('axb a.b', special)).toMatchObject({ result: 1, content: 'axb **' });
  });

  it('checks words as the operator CLI does', () => {
    expect(antispamWordProblem('ok', 1)).toBeUndefined();
    expect(antispamWordProblem(' ok', 1)).toMatch(/spaces/);
    expect(antispamWordProblem('x'.repeat(101), 2)).toMatch(/100/);
    expect(antispamWordProblem('ok', 0)).toMatch(/action/);
  });

  it('never lets a replace word through and never changes text without one (property)', () => {
    const word = fc.stringMatching(/^[a-z]{2,6}$/);
    fc.assert(
      fc.property(word, fc.array(fc.stringMatching(/^[a-z ]{0,8}$/), { maxLength: 4 }), (w, parts) => {
        const lex: AntispamLexicon = { appKey: 'a', version: 1, words: [{ word: w, action: 1 }] };
        const text = `x${parts.join(w.toUpperCase())}x`;
        const verdict = filterAntispam(text, lex);
        if (isAntispamProblem(verdict)) throw new Error('unexpected problem');
        expect(verdict.content.toLowerCase().includes(w)).toBe(false);
        if (!text.toLowerCase().includes(w)) expect(verdict).toEqual({ result: 0, content: text, hits: [] });
      }),
    );
  });
});
