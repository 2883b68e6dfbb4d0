// The rich-text field's sanitiser: the allow-list, and the attacks it must stop.
import { isSafeImageSrc, isSafeLinkUrl, sanitizeRichText } from './richTextHtml';

describe('sanitizeRichText', () => {
  it('keeps paragraphs, bold, italic, underline, lists, http(s) links and images', () => {
    const html =
      '<p>Hello <b>bold</b> <strong>strong</strong> <i>it</i> <em>em</em> <u>under</u><br>next</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol>' +
      '<p><a href="https://example.com/a?b=1">link</a> <img src="/media/pic.png" alt="pic"> <img src="http://cdn.example.com/x.jpg" alt=""></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts with their content, event handlers and javascript: links', () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<p><img src="/x.png" onerror="alert(1)" alt="x"></p>')).toBe('<p><img src="/x.png" alt="x"></p>');
    expect(sanitizeRichText('<p onclick="alert(1)">hi</p>')).toBe('<p>hi</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">go</a>')).toBe('<a>go</a>');
    expect(sanitizeRichText('<a href=" JaVaScRiPt:alert(1)">go</a>')).toBe('<a>go</a>');
    expect(sanitizeRichText('<svg><script>alert(1)</script></svg><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><p>ok</p>')).toBe('<p>ok</p>');
  });

  it('drops images without an http(s) or same-site address, and links that are not http(s)', () => {
    expect(sanitizeRichText('<p>x<img src="data:image/png;base64,AAAA">y</p>')).toBe('<p>xy</p>');
    expect(sanitizeRichText('<p>x<img src="//evil.example/pic.png">y</p>')).toBe('<p>xy</p>');
    expect(sanitizeRichText('<p>x<img alt="no src">y</p>')).toBe('<p>xy</p>');
    expect(sanitizeRichText('<a href="mailto:a@b.c">mail</a>')).toBe('<a>mail</a>');
    expect(sanitizeRichText('<a href="/goods/1">inside</a>')).toBe('<a>inside</a>');
  });

  it('drops unknown tags and styles but keeps their text', () => {
    expect(sanitizeRichText('<div style="color:red"><span class="x">text</span></div><style>p{}</style>')).toBe('text');
    expect(sanitizeRichText('<h1 id="t">Title</h1>')).toBe('Title');
  });

  it('reads an editor holding nothing visible, and any non-text value, as empty', () => {
    expect(sanitizeRichText('<p><br></p>')).toBe('');
    expect(sanitizeRichText('<p> </p><ul><li></li></ul>')).toBe('');
    expect(sanitizeRichText('<script>alert(1)</script>')).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
    expect(sanitizeRichText(42)).toBe('');
    expect(sanitizeRichText('<p><img src="/a.png"></p>')).toBe('<p><img src="/a.png"></p>');
  });
});

describe('addresses', () => {
  it('links take http and https only', () => {
    expect(isSafeLinkUrl('https://example.com')).toBe(true);
    expect(isSafeLinkUrl(' http://example.com/x ')).toBe(true);
    for (const url of ['javascript:alert(1)', 'ftp://example.com', '/goods/1', 'example.com', 'https://', 'data:text/html,hi']) expect(isSafeLinkUrl(url)).toBe(false);
  });

  it('images take http, https or a path of this site', () => {
    expect(isSafeImageSrc('/media/a.png')).toBe(true);
    expect(isSafeImageSrc('https://cdn.example.com/a.png')).toBe(true);
    for (const src of ['//evil.example/a.png', '/\\evil.example', 'javascript:alert(1)', 'data:image/png;base64,AA', 'a.png']) expect(isSafeImageSrc(src)).toBe(false);
  });
});
