import { CAPTCHA_ALPHABET, renderCaptchaSvg } from './captcha-image';

const markupOf = (dataUrl: string) => {
  expect(dataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
  return Buffer.from(dataUrl.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8');
};

describe('captcha image', () => {
  it('draws glyphs as paths: no <text>, no text node, and no character of the answer in the markup', () => {
    for (const answer of ['AC3K', 'MNPR', 'W7Y9', 'TUVX']) {
      const svg = markupOf(renderCaptchaSvg(answer));
      expect(svg).not.toMatch(/<text|<tspan|<title|<desc|font-family/i);
      // Between tags there is nothing: the only content is elements and their numeric attributes.
      expect(svg).not.toMatch(/>[^<]+</);
      expect(svg.toUpperCase()).not.toContain(answer);
      for (const value of svg.matchAll(/\s(?:d|cx|cy|r|x|y)="([^"]*)"/g)) expect(value[1]).toMatch(/^[MLQ0-9.\s-]*$/);
      // At least one path per stroke of the glyphs, plus noise strokes in the same style.
      expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(answer.length + 4);
    }
  });

  it('renders the same answer differently every time', () => {
    const first = markupOf(renderCaptchaSvg('HJK4'));
    const second = markupOf(renderCaptchaSvg('HJK4'));
    expect(first).not.toBe(second);
  });

  it('has a glyph for every character of its alphabet and none of the look-alikes', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[0O1IL2Z5S8B6G]/);
    expect(() => renderCaptchaSvg(CAPTCHA_ALPHABET)).not.toThrow();
    expect(() => renderCaptchaSvg('O')).toThrow(/no captcha glyph/);
  });
});
