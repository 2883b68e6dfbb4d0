import {
  grayscaleRequestKeys,
  grayscaleRequestProblem,
  mixStoreSupportTypesProblem,
  objectNameOfSafeShortUrl,
  objectUrlProblem,
  parseMixStorePolicy,
  parseTranscodeResult,
  safeShortUrlOf,
  safeShortUrlProblem,
  transcodeResultProblem,
} from './nos-rules';

const NAME = `${'0123456789abcdef'.repeat(2)}.png`;

describe('safe short links (§5; docs/im-upload.md "Safe short links")', () => {
  it('writes a link the §5 rule accepts and reads its object name back', () => {
    const link = safeShortUrlOf('http://127.0.0.1:3200/', NAME);
    expect(link).toBe(`http://127.0.0.1:3200/nos-s/${NAME}?im_url=1`);
    expect(safeShortUrlProblem(link)).toBeUndefined();
    expect(objectNameOfSafeShortUrl(link)).toBe(NAME);
  });

  it.each([
    [`http://h/nos-s/${NAME}`, 'no marker'],
    [`http://h/nos/im/${NAME}?im_url=1`, 'another path'],
    ['http://h/nos-s/..%2Fetc?im_url=1', 'not an object name'],
    [`http://h/nos-s/${NAME}?im_url=10`, 'another marker value'],
  ])('reads no object name from %p (%s)', (link) => {
    expect(objectNameOfSafeShortUrl(link)).toBeUndefined();
  });
});

describe('getNosTokenTrans responseBody', () => {
  it.each([
    ['{"size":10,"fileName":"a.mp3"}', undefined],
    ['{"size":10}', undefined],
    ['nope', 'responseBody is not JSON'],
    ['[10]', 'responseBody must be a JSON object {size, fileName?}'],
    ['{"size":1.5}', 'responseBody.size must be an integer from 1 to 100'],
    ['{"size":101}', 'responseBody.size must be an integer from 1 to 100'],
    ['{"size":1,"fileName":7}', 'responseBody.fileName must be a text of at most 255 characters'],
  ])('%p → %p', (body, problem) => {
    expect(transcodeResultProblem(body, 100)).toBe(problem);
  });

  it('reads the result back', () => {
    expect(parseTranscodeResult('{"size":10,"fileName":"a.mp3","other":1}')).toEqual({ size: 10, fileName: 'a.mp3' });
  });
});

describe('mixed store, grayscale and object URLs', () => {
  it.each([
    [['nos'], undefined],
    [[], 'supportTypes must name 1 to 10 providers'],
    ['nos', 'supportTypes must name 1 to 10 providers'],
    [['nos', ''], 'each of supportTypes must be a provider name of 1 to 32 letters, digits, - or _'],
  ])('supportTypes %p → %p', (types, problem) => {
    expect(mixStoreSupportTypesProblem(types)).toBe(problem);
  });

  it('reads a policy, and an unreadable one as no provider', () => {
    expect(parseMixStorePolicy('{"providers":["nos",3]}')).toEqual({ providers: ['nos'] });
    expect(parseMixStorePolicy('<xml/>')).toEqual({ providers: [] });
  });

  it.each([
    [undefined, undefined],
    ['', undefined],
    ['{"a":1}', undefined],
    ['[]', 'config must be a JSON object'],
    ['{', 'config is not JSON'],
    [42, 'config must be a JSON object of at most 4096 characters'],
  ])('grayscale config %p → %p', (config, problem) => {
    expect(grayscaleRequestProblem(config)).toBe(problem);
  });

  it('names the settings a grayscale request asks for', () => {
    expect(grayscaleRequestKeys('{"a":1,"b":null}')).toEqual(['a', 'b']);
    expect(grayscaleRequestKeys('')).toEqual([]);
  });

  it('takes http(s) object URLs only', () => {
    expect(objectUrlProblem('https://h/nos/im/a.png')).toBeUndefined();
    expect(objectUrlProblem('ftp://h/nos/im/a.png')).toBe('url must be an http(s) address');
  });
});
