#!/usr/bin/env node
// Keeps docs/spec-coverage.md true: every test it cites, written `path` › "title", must be a file in the
// repository whose text contains that title (an `it`/`test`/`describe` title as written; `%s`-style
// templates and `${…}` are matched as written in the source). Exits 1 and lists the claims that do not hold.
//
//   node tools/check-spec-coverage.mjs
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const page = readFileSync(path.join(root, 'docs/spec-coverage.md'), 'utf8');

/** `path` › "title" (straight or curly quotes), possibly several per row. */
const REFERENCE = /`([^`\s]+\.(?:spec|int\.spec|test)\.[cm]?[jt]sx?)`\s*›\s*(?:"((?:[^"\\]|\\.)+)"|“([^”]+)”)/g;

const sources = new Map();
const read = (file) => (existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : undefined);
/**
 * The cited file's text and that of the modules it imports by relative path: a spec that runs a shared
 * table of cases (store-conformance.ts, storage-conformance.ts) has its titles there.
 */
/** The module file an import names: base + .ts, .tsx, /index.ts, or base itself. */
const moduleFile = (base) => [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((file) => read(file) !== undefined);
/** Where an import points: a relative path, or a workspace library (`@merchant/im-core/testing` → libs/im-core/src/testing). */
const resolveImport = (fromFile, spec) => {
  if (spec.startsWith('.')) return path.resolve(path.dirname(fromFile), spec);
  const workspace = /^@merchant\/([^/]+)(?:\/(.+))?$/.exec(spec);
  return workspace ? path.join(root, 'libs', workspace[1], 'src', workspace[2] ?? 'index') : undefined;
};
/** A file's text and, to `depth` levels, that of the modules it imports from the repository. */
const gather = (full, depth, seen = new Set()) => {
  const file = moduleFile(full);
  if (file === undefined) return undefined;
  if (seen.has(file)) return '';
  seen.add(file);
  const own = read(file);
  if (depth === 0) return own;
  const imported = [...own.matchAll(/from '([^']+)'/g)].map(([, spec]) => {
    const target = resolveImport(file, spec);
    return target ? (gather(target, depth - 1, seen) ?? '') : '';
  });
  return [own, ...imported].join('\n');
};
/**
 * The cited file's text and that of what it imports from the repository: a spec that runs a shared table
 * of cases (store-conformance.ts, storage-conformance.ts) has its titles there.
 */
const sourceOf = (file) => {
  if (!sources.has(file)) sources.set(file, existsSync(path.join(root, file)) ? gather(path.join(root, file), 3) : undefined);
  return sources.get(file);
};
/**
 * Titles written as template literals (`… ${COUNT} …`): each placeholder stands for any value, the rest
 * must match the whole cited title. Templates with little literal text (`${a}: ${b}`) prove nothing.
 */
const templatePatterns = (text) =>
  [...text.matchAll(/`((?:[^`\\]|\\.)*\$\{(?:[^`\\]|\\.)*)`/g)].flatMap(([, template]) => {
    const literals = template.split(/\$\{[^}]*\}/).map((part) => normalise(part));
    if (literals.join('').trim().length < 12) return [];
    return [new RegExp(`^${literals.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`)];
  });
/** Titles are compared with quotes and escapes normalised, as they may be written either way in code. */
const normalise = (text) => text.replace(/\\(['"`])/g, '$1').replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ');

const problems = [];
let checked = 0;
for (const match of page.matchAll(REFERENCE)) {
  const [, file, straight, curly] = match;
  // A double quote inside a title is written \\" on the page.
  const title = (straight ?? curly).replace(/\\"/g, '"');
  checked += 1;
  const source = sourceOf(file);
  if (source === undefined) {
    problems.push(`missing file: ${file} (cited for "${title}")`);
    continue;
  }
  // A title may be cited in part (a prefix up to an ellipsis, or the start of a long title).
  const wanted = normalise(title.replace(/\s*(?:…|\.\.\.)\s*$/, '').replace(/^\s*(?:…|\.\.\.)\s*/, ''));
  const parts = wanted.split(/\s*(?:…|\.\.\.)\s*/).filter(Boolean);
  const text = normalise(source);
  if (parts.every((part) => text.includes(part))) continue;
  if (parts.length === 1 && templatePatterns(source).some((pattern) => pattern.test(parts[0]))) continue;
  problems.push(`no such title in ${file}: "${title}"`);
}

if (problems.length > 0) {
  console.error(`docs/spec-coverage.md: ${problems.length} of ${checked} cited tests do not hold:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.log(`docs/spec-coverage.md: all ${checked} cited tests found.`);
