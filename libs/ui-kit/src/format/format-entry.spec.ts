import fs from 'node:fs';
import path from 'node:path';
import * as formatEntry from './index';

/** Every bare (package) import reachable from a source file through relative imports. */
function packageImports(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file)) return found;
  seen.add(file);
  const source = fs.readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
    const spec = match[1]!;
    if (!spec.startsWith('.')) {
      found.add(spec);
      continue;
    }
    const base = path.resolve(path.dirname(file), spec);
    const target = ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((candidate) => fs.existsSync(candidate));
    if (target) for (const spec2 of packageImports(target, seen)) found.add(spec2);
  }
  return found;
}

describe('@merchant/ui-kit/format entry point (one copy for console and server)', () => {
  it('is React-free: it reaches no package but dayjs', () => {
    expect([...packageImports(path.join(__dirname, 'index.ts'))]).toEqual(['dayjs']);
  });

  it('exports the formatters the server uses and the mapping helpers (tables come from the caller)', () => {
    expect(formatEntry.maskPhone('13812345678')).toBe('138****5678');
    expect(formatEntry.formatCents(1999)).toBe('19.99');
    const payment = { labels: { ALIPAY_APP: { 'zh-CN': '支付宝', 'en-US': 'Alipay' } }, fallback: { 'zh-CN': '未匹配', 'en-US': 'unmatched' } };
    expect(formatEntry.statusLabel(payment, 'ALIPAY_APP', 'en-US')).toBe('Alipay');
    expect(formatEntry.sanitizeExportFileName('a/b')).toBe('a_b.xlsx');
  });
});
