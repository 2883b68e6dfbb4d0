import { render } from '@testing-library/react';
import { RichTextView, richTextTree } from './RichTextView';

describe('RichTextView', () => {
  it('draws the allowed formatting as elements and nothing that can run', () => {
    const { container } = render(
      <RichTextView html={'<h3 onclick="x()">退货</h3><p>a &amp; <strong>b</strong><br>c</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><a href="https://a.cn/?q=1&amp;r=2">ok</a><ul><li>一</li></ul>'} />,
    );
    expect(container.querySelector('script, img, [onclick], [onerror], svg, style, iframe')).toBeNull();
    expect(container.querySelector('h3')?.textContent).toBe('退货');
    expect(container.querySelector('p')?.innerHTML).toBe('a &amp; <strong>b</strong><br>c');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, 'https://a.cn/?q=1&r=2']);
    expect(links[1]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(container.querySelector('li')?.textContent).toBe('一');
  });

  it('shows markup typed as text as text', () => {
    const { container } = render(<RichTextView html={'&lt;script&gt;alert(1)&lt;/script&gt;'} />);
    expect(container.textContent).toBe('<script>alert(1)</script>');
    expect(container.querySelector('script')).toBeNull();
  });

  it('builds a balanced tree from unbalanced input', () => {
    expect(richTextTree('<p><strong>x')).toEqual([{ tag: 'p', children: [{ tag: 'strong', children: ['x'] }] }]);
  });
});
