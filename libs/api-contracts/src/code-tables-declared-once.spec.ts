// The §4/§8 code tables live in ./status-tables.ts only (ARCHITECTURE.md "One source of truth"). This
// scans the source of every app and library for a second declaration: a file holding most of one
// table's labels, a §8 fallback text, or an object spelling out a table's codes. Tests that assert a
// label are not declarations and are not scanned. The test target's inputs (package.json) name the
// scanned folders, so a copy added anywhere re-runs it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as ts from 'typescript';
import {
  APP_NAME_LABELS,
  DISPUTE_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PRINCIPAL_TYPE,
  PRINCIPAL_TYPE_LABELS,
  REFUND_STATUS_WITH_SUCCESS_LABELS,
  STORE_STATUS,
  STORE_STATUS_LABELS,
  STORE_TYPE,
  STORE_TYPE_LABELS,
  UNMATCHED_APPLICATION,
  UNMATCHED_PAYMENT_METHOD,
  UNMATCHED_STATUS,
  type StatusTable,
} from './status-tables';
import { SUPPORTED_LANGUAGES } from './languages';

const WORKSPACE = path.resolve(__dirname, '../../..');
const HOME = path.join(__dirname, 'status-tables.ts');
const SCANNED_ROOTS = ['apps', 'libs'];
// Build output and dependencies are not source. Migrations are frozen history: a reference row they once
// seeded (0003's app list) is data the server serves, not a label table the code reads.
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'out-tsc', '.data', '.nx', 'migrations']);
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST_FILE = /\.(spec|test)\.(ts|tsx|js|mjs)$/;

const TABLES: Record<string, StatusTable> = {
  STORE_STATUS_LABELS,
  STORE_TYPE_LABELS,
  PRINCIPAL_TYPE_LABELS,
  ORDER_STATUS_LABELS,
  // The mapping with 5 holds every label of the one without it.
  REFUND_STATUS_WITH_SUCCESS_LABELS,
  DISPUTE_STATUS_LABELS,
  APP_NAME_LABELS,
  PAYMENT_METHOD_LABELS,
};
const FALLBACKS = [UNMATCHED_STATUS, UNMATCHED_APPLICATION, UNMATCHED_PAYMENT_METHOD].flatMap((text) => SUPPORTED_LANGUAGES.map((language) => text[language]));
const CODE_OBJECTS: Record<string, Readonly<Record<string, number>>> = { STORE_STATUS, STORE_TYPE, PRINCIPAL_TYPE };

/** One table's distinct labels in one language, and how many of them make a file a copy. */
interface LabelSet {
  name: string;
  labels: ReadonlySet<string>;
  threshold: number;
}

// Most of a table (two thirds, at least two labels) is a copy; one or two shared words are not: goods and
// brand applications are also 'under review', 'approved' and 'rejected'.
const LABEL_SETS: LabelSet[] = Object.entries(TABLES).flatMap(([name, table]) =>
  SUPPORTED_LANGUAGES.map((language) => {
    const labels = new Set(Object.values<Record<string, string>>(table.labels).map((text) => text[language]!));
    return { name: `${name} (${language})`, labels, threshold: Math.max(2, Math.ceil((labels.size * 2) / 3)) };
  }),
);

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) sourceFiles(full, found);
    } else if (SOURCE_FILE.test(entry.name) && !TEST_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') && full !== HOME) {
      found.push(full);
    }
  }
  return found;
}

interface FileFacts {
  /** Every string literal, template without substitutions and JSX text of the file. */
  texts: Set<string>;
  /** Property names of each object literal whose values are all numeric literals. */
  numericObjects: Array<Record<string, number>>;
}

function factsOf(file: string): FileFacts {
  const kind = /\.(tsx|jsx)$/.test(file) ? ts.ScriptKind.TSX : /\.(js|mjs|cjs)$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  const facts: FileFacts = { texts: new Set(), numericObjects: [] };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) facts.texts.add(node.text);
    else if (ts.isJsxText(node) && node.text.trim()) facts.texts.add(node.text.trim());
    else if (ts.isObjectLiteralExpression(node)) {
      const entries = node.properties.map((property) =>
        ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) && ts.isNumericLiteral(property.initializer)
          ? ([property.name.text, Number(property.initializer.text)] as const)
          : undefined,
      );
      if (entries.length > 0 && entries.every((entry) => entry !== undefined)) facts.numericObjects.push(Object.fromEntries(entries as (readonly [string, number])[]));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

/** What in one file restates a table: the problems, as readable lines. */
function copiesIn(facts: FileFacts): string[] {
  const problems: string[] = [];
  for (const set of LABEL_SETS) {
    const held = [...set.labels].filter((label) => facts.texts.has(label));
    if (held.length >= set.threshold) problems.push(`${set.name}: ${held.map((label) => `'${label}'`).join(', ')}`);
  }
  for (const fallback of FALLBACKS) if (facts.texts.has(fallback)) problems.push(`§8 fallback '${fallback}'`);
  for (const [name, codes] of Object.entries(CODE_OBJECTS)) {
    const expected = Object.entries(codes);
    for (const object of facts.numericObjects) {
      const matching = expected.filter(([key, code]) => object[key] === code);
      // Every code under its name: brand applications' { underReview: 1, approved: 2, rejected: 3 } is another table.
      if (matching.length === expected.length) problems.push(`codes of ${name}: ${matching.map(([key]) => key).join(', ')}`);
    }
  }
  return problems;
}

function factsOfText(text: string, file = 'inline.ts'): FileFacts {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-tables-'));
  const full = path.join(dir, file);
  fs.writeFileSync(full, text);
  try {
    return factsOf(full);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('§4/§8 code tables are declared once, in api-contracts', () => {
  it('no other source file of an app or a library restates one', () => {
    const files = SCANNED_ROOTS.flatMap((root) => sourceFiles(path.join(WORKSPACE, root)));
    // The scan reached the apps and the libraries (a wrong root would pass vacuously).
    expect(files.some((file) => file.includes(`${path.sep}apps${path.sep}console${path.sep}`))).toBe(true);
    expect(files.some((file) => file.includes(`${path.sep}libs${path.sep}ui-kit${path.sep}`))).toBe(true);
    const copies = files.flatMap((file) => copiesIn(factsOf(file)).map((problem) => `${path.relative(WORKSPACE, file)}: ${problem}`));
    expect(copies).toEqual([]);
  });

  it('recognises a copy: a status table, a message file of labels, a fallback, a code object, JSX text', () => {
    expect(copiesIn(factsOfText(`export const DISPUTE = { 1: 'in dispute', 2: 'dispute ended', 3: 'dispute revoked' };`))).toEqual([
      "DISPUTE_STATUS_LABELS (en-US): 'in dispute', 'dispute ended', 'dispute revoked'",
    ]);
    expect(copiesIn(factsOfText(`export const zh = { s0: '未提交', s1: '审核中', s2: '审核通过', s4: '已禁用' };`))).toEqual([
      "STORE_STATUS_LABELS (zh-CN): '未提交', '审核中', '审核通过', '已禁用'",
    ]);
    expect(copiesIn(factsOfText('const fallback = `unmatched payment method`;'))).toEqual(["§8 fallback 'unmatched payment method'"]);
    expect(copiesIn(factsOfText(`export const S = { notSubmitted: 0, underReview: 1, approved: 2, rejected: 3, disabled: 4 } as const;`))).toEqual([
      'codes of STORE_STATUS: notSubmitted, underReview, approved, rejected, disabled',
    ]);
    expect(copiesIn(factsOfText(`export const P = () => <select><option>余额</option><option>微信支付</option></select>;`, 'inline.tsx'))).toEqual([
      "PAYMENT_METHOD_LABELS (zh-CN): '余额', '微信支付'",
    ]);
  });

  it('leaves alone a few shared words and other tables with the same codes', () => {
    // Brand applications are reviewed too, with three of the store status's code names and codes.
    const brand = `const B = { 1: 'under review', 2: 'approved', 3: 'rejected' }; const C = { underReview: 1, approved: 2, rejected: 3 };`;
    expect(copiesIn(factsOfText(brand))).toEqual([]);
    // Comments may name a fallback; only code declares one.
    expect(copiesIn(factsOfText(`/** unknown codes read 'unmatched status' */ export const x = 1;`))).toEqual([]);
  });
});
