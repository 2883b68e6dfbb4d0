// Sanitised rich text on screen without ever handing HTML to the browser: the text is sanitised again here (the
// contracts' allow-list sanitiser, the one store-server stores with) and its output, a balanced tree of the allowed
// tags, is rebuilt as React elements, so text is escaped by React and no markup is parsed by the DOM at all.
import { createElement, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { RICH_TEXT_TAGS, sanitizeRichText } from '@merchant/api-contracts';

const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ENTITIES[name]!);

interface Node {
  tag: string;
  href?: string;
  children: Array<Node | string>;
}

/** The sanitiser's output as a tree (it only ever holds allowed tags, balanced, and escaped text). */
export function richTextTree(html: string): Array<Node | string> {
  const root: Node = { tag: 'root', children: [] };
  const stack: Node[] = [root];
  for (const match of sanitizeRichText(html).matchAll(/<(\/?)([a-z0-9]+)([^>]*)>|([^<]+)/g)) {
    const top = stack[stack.length - 1]!;
    if (match[4] !== undefined) {
      top.children.push(decode(match[4]));
      continue;
    }
    const [, closing, tag, attributes] = match as unknown as [string, string, string, string];
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      if (stack.length > 1 && top.tag === tag) stack.pop();
      continue;
    }
    const href = tag === 'a' ? /href="([^"]*)"/.exec(attributes)?.[1] : undefined;
    const node: Node = { tag, children: [], ...(href !== undefined ? { href: decode(href) } : {}) };
    top.children.push(node);
    if (tag !== 'br') stack.push(node);
  }
  return root.children;
}

function render(nodes: Array<Node | string>): ReactNode[] {
  return nodes.map((node, index) => {
    if (typeof node === 'string') return node;
    const props: Record<string, unknown> = { key: index };
    if (node.tag === 'a' && node.href) Object.assign(props, { href: node.href, rel: 'noopener noreferrer nofollow', target: '_blank' });
    return node.tag === 'br' ? createElement('br', props) : createElement(node.tag, props, ...render(node.children));
  });
}

/** Shows rich text as formatted text; nothing in it can run. */
export function RichTextView({ html, label, testId }: { html: string; label?: string; testId?: string }) {
  return (
    <Box aria-label={label} data-testid={testId} sx={{ '& h3, & h4': { mt: 1, mb: 0.5 }, '& p': { my: 0.5 }, '& ul, & ol': { my: 0.5, pl: 3 } }}>
      {render(richTextTree(html))}
    </Box>
  );
}
