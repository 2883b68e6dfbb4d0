import fc from 'fast-check';
import { RICH_TEXT_TAGS, richTextPlain, sanitizeRichText } from './rich-text';

describe('sanitizeRichText (allow-list, rebuilt)', () => {
  it('keeps the allowed formatting as written', () => {
    const html = '<h3>售后说明</h3><p>七天<strong>无理由</strong>退货，<em>运费</em>由买家承担。</p><ul><li>一</li><li>二</li></ul><p>a<br>b</p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops script, style and the other raw-text containers with their content', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(sanitizeRichText('<SCRIPT type="x">alert(1)</SCRIPT >ok')).toBe('ok');
    expect(sanitizeRichText('<style>p{color:red}</style><iframe src="https://x"></iframe>ok')).toBe('ok');
    expect(sanitizeRichText('<svg/onload=alert(1)><circle/></svg>ok')).toBe('ok');
    expect(sanitizeRichText('x<script>never closed')).toBe('x');
    expect(sanitizeRichText('<script/src="https://evil"></script>ok')).toBe('ok');
  });

  it('drops every on* handler, style and any attribute not listed', () => {
    expect(sanitizeRichText('<p onclick="alert(1)" style="x" class="c" id="i">t</p>')).toBe('<p>t</p>');
    expect(sanitizeRichText('<strong onmouseover=alert(1)>t</strong>')).toBe('<strong>t</strong>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)>after')).toBe('after');
    expect(sanitizeRichText('<a href="https://a.cn" onclick="x()">l</a>')).toBe('<a href="https://a.cn" rel="noopener noreferrer nofollow" target="_blank">l</a>');
  });

  it('keeps only http, https and mailto links, whatever the spelling of javascript:', () => {
    const bare = '<a>l</a>';
    expect(sanitizeRichText('<a href="javascript:alert(1)">l</a>')).toBe(bare);
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">l</a>')).toBe(bare);
    expect(sanitizeRichText('<a href=" java&#x09;script:alert(1)">l</a>')).toBe(bare);
    expect(sanitizeRichText('<a href="&#106;avascript:alert(1)">l</a>')).toBe(bare);
    expect(sanitizeRichText('<a href="data:text/html,<script>">l</a>')).toBe(bare);
    expect(sanitizeRichText('<a href="vbscript:x">l</a>')).toBe(bare);
    expect(sanitizeRichText('<a href="mailto:s@a.cn">m</a>')).toBe('<a href="mailto:s@a.cn" rel="noopener noreferrer nofollow" target="_blank">m</a>');
    expect(sanitizeRichText('<a href=\'https://a.cn/?q="x"&amp;y=1\'>l</a>')).toBe(
      '<a href="https://a.cn/?q=&quot;x&quot;&amp;y=1" rel="noopener noreferrer nofollow" target="_blank">l</a>',
    );
  });

  it('escapes text, drops comments and doctypes, unwraps unknown tags and balances what is left', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeRichText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(sanitizeRichText('<!DOCTYPE html><!-- <script>x</script> -->a')).toBe('a');
    expect(sanitizeRichText('<div><span>kept text</span></div>')).toBe('kept text');
    expect(sanitizeRichText('<p><strong>open')).toBe('<p><strong>open</strong></p>');
    expect(sanitizeRichText('</p>stray<em>x</p>')).toBe('stray<em>x</em>');
    expect(sanitizeRichText('<p title="a>b">t</p>')).toBe('<p>t</p>');
  });

  it('gives the plain text for a summary', () => {
    expect(richTextPlain('<h3>标题</h3><p>a &amp; b<br>c</p><script>x</script>')).toBe('标题 a & b c');
  });

  it('on any input: only allowed tags with only href/rel/target come out, no handler or script survives, and a second pass changes nothing', () => {
    const pieces = fc.constantFrom(
      '<', '>', '/', '"', "'", '=', ' ', '&', ';', '#', 'x', '<p>', '</p>', '<a href="', 'javascript:', 'https://a', '<script>', '</script>',
      'onerror=', 'onclick', '<img src=x ', '<svg', '<!--', '-->', '<strong>', '<br>', 'alert(1)', '&#106;', '<style>', '<b', '\t', '\n',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const out = sanitizeRichText(parts.join(''));
        for (const match of out.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)) {
          expect(RICH_TEXT_TAGS as readonly string[]).toContain(match[1]);
          const attributes = match[2].replace(/"[^"]*"/g, '""').match(/[a-z-]+(?==)/gi) ?? [];
          for (const name of attributes) expect(['href', 'rel', 'target']).toContain(name);
        }
        expect(out).not.toMatch(/<script|<img|<svg|<style|href="javascript/i);
        expect(sanitizeRichText(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });
});
