#!/usr/bin/env node
// Keeps docs/spec-coverage.md true, in two checks:
// 1. Every test it cites, written `path` › "title", must be a file in the repository whose text contains that
//    title (an `it`/`test`/`describe` title as written; `%s`-style templates and `${…}` are matched as written
//    in the source).
// 2. Every row of the two spec parts ("# Console spec", "# IM client spec") must match its spec section: the
//    row sits under "## §N", and its rule must be found in section N of that spec file (see `ruleProblem`).
// Exits 1 and lists the claims that do not hold, each row named by its line.
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
const normalisedSources = new Map();
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
  // Normalised once per cited file: a file is cited many times, and its text includes what it imports.
  if (!normalisedSources.has(file)) normalisedSources.set(file, normalise(source));
  const text = normalisedSources.get(file);
  if (parts.every((part) => text.includes(part))) continue;
  if (parts.length === 1 && templatePatterns(source).some((pattern) => pattern.test(parts[0]))) continue;
  problems.push(`no such title in ${file}: "${title}"`);
}

// ---- 2. Rows match their spec section.

// The specs live beside the repository (../shared/spec); SPEC_DIR points elsewhere. Where they are missing (a
// clone without them), the rows are not matched and the run says so, rather than failing on a missing file.
const SPEC_DIR = process.env.SPEC_DIR ?? path.join(root, '../shared/spec');
/** The page's spec parts, by their "# " heading, and the spec file each covers. */
const SPEC_PARTS = [
  { heading: /^# Console spec\b/, file: 'console-spec.md' },
  { heading: /^# IM client spec\b/, file: 'im-client-spec.md' },
];

/** Lower case, one kind of quote and dash, single spaces: how rule and spec text are compared. */
const plain = (text) =>
  text.toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/\s+/g, ' ');
/** A spec file's numbered sections ("## 4. States and transitions" → '4'), each with its text. */
const specSections = (text) => {
  const sections = new Map();
  const parts = text.split(/^## (\d+)\.\s/m);
  for (let i = 1; i < parts.length; i += 2) sections.set(parts[i], plain(parts[i + 1]));
  return sections;
};

/**
 * What names a rule exactly: `code`, 'message' and "message", paths (/shop/settlement), numbers of two or more
 * digits (codes, limits), and identifiers (camelCase, snake_case, SCREAMING_CASE). One of them in the spec section
 * anchors the row there.
 */
const keysOf = (rule) => {
  const keys = new Set();
  for (const [, key] of rule.matchAll(/`([^`]+)`/g)) keys.add(key);
  for (const [, key] of rule.matchAll(/(?<![\w])'([^']{2,}?)'(?![\w])/g)) keys.add(key);
  for (const [, key] of rule.matchAll(/["“]([^"”]{2,})["”]/g)) keys.add(key);
  for (const [key] of rule.matchAll(/(?<![\w.])\/[A-Za-z][\w/:.-]*/g)) keys.add(key.replace(/[.:]+$/, ''));
  for (const [key] of rule.matchAll(/(?<![\w.])\d{2,}(?![\d.])/g)) keys.add(key);
  for (const [key] of rule.matchAll(/\b(?:[a-z]+[A-Z]\w*|\w+_\w+)\b/g)) keys.add(key);
  // A message cited in part ('authentication failed, please sign in again…') is matched by its longest part.
  const whole = [...keys].map((key) => key.split(/\s*(?:…|\.\.\.)\s*/).sort((a, b) => b.length - a.length)[0]);
  return whole.filter((key) => key.trim().length > 1);
};

/** Words that say nothing about which rule it is. */
const FILLER = new Set(
  ('with from that this then than when only each every also into over their them they have does done what which where while after ' +
    'before about there these those other same more most some such without until under below above between both shown shows show ' +
    'server client console test tests tested proves proven issue docs spec none once gets given give answers answer').split(' '),
);
/** A crude stem, so "refuses" meets "refused" and "messages" meets "message". */
const stem = (word) => word.replace(/(?:ies|ied)$/, 'y').replace(/(?:ing|es|ed|s)$/, '');
const wordsOf = (text) => (plain(text).replace(/`[^`]*`/g, ' ').match(/[a-z][a-z0-9]{3,}/g) ?? []).filter((w) => !FILLER.has(w)).map(stem);
const sectionWords = new Map();
const wordsOfSection = (key, text) => {
  if (!sectionWords.has(key)) sectionWords.set(key, new Set(wordsOf(text)));
  return sectionWords.get(key);
};
/** Share of a rule's words that must be in its section when no key anchors it (a paraphrase of the spec). */
const PARAPHRASE_SHARE = 0.6;
/**
 * A row whose rule is not the spec's says where it comes from: an issue ("issue 26 §4"), a decision, or our own
 * design ("ours", "our design", "our choice", "not in the spec"). It is counted, not matched.
 */
const OWN_SOURCE = /\bissue \d+|\bours\b|\bour (?:design|choice)\b|docs\/decisions|\bnot (?:shown )?in the spec\b|\bthe spec does not\b/i;

/**
 * How a row matches its section: 'spec' when a key of the rule is in one of the allowed sections or enough of its
 * words are; 'source' when it does not but the row (or its "###" heading) names a source outside the spec; else
 * why it does not match.
 */
const ruleMatch = ({ rule, spec, sections, allowed, headingSource }) => {
  const keys = keysOf(rule);
  const texts = allowed.map((n) => sections.get(n) ?? '');
  if (keys.some((key) => texts.some((text) => text.includes(plain(key))))) return { by: 'spec' };
  const words = [...new Set(wordsOf(rule))];
  const found = words.filter((word) => allowed.some((n) => wordsOfSection(`${spec}§${n}`, sections.get(n) ?? '').has(word)));
  // A rule that names keys is matched by them alone: a code or limit that drifted must not pass on its words.
  if (keys.length === 0 && words.length > 0 && found.length >= Math.min(2, words.length) && found.length / words.length >= PARAPHRASE_SHARE) return { by: 'spec' };
  if (OWN_SOURCE.test(rule) || headingSource) return { by: 'source' };
  const elsewhere = [...sections.keys()].filter((n) => !allowed.includes(n) && keys.some((key) => sections.get(n).includes(plain(key))));
  const missing = words.filter((word) => !found.includes(word));
  const problem = [
    keys.length > 0 ? `none of its keys (${keys.slice(0, 6).join(', ')}) is in ${spec} §${allowed.join('/§')}` : `it names no key (code, constant, path, message)`,
    `and ${found.length} of its ${words.length} words are there (missing: ${missing.slice(0, 8).join(' ')})`,
    elsewhere.length > 0 ? `; its keys appear in §${elsewhere.join(', §')}: does the row belong there?` : '',
  ].join(' ');
  return { problem };
};

const specFiles = new Map();
const sectionsOf = (file) => {
  if (!specFiles.has(file)) {
    const full = path.join(SPEC_DIR, file);
    specFiles.set(file, existsSync(full) ? specSections(readFileSync(full, 'utf8')) : undefined);
  }
  return specFiles.get(file);
};

const specsPresent = SPEC_PARTS.every(({ file }) => existsSync(path.join(SPEC_DIR, file)));
const lines = specsPresent ? page.split('\n') : [];
let part;
let section;
let subsection;
let rows = 0;
let ownSource = 0;
lines.forEach((line, index) => {
  if (line.startsWith('# ')) {
    part = SPEC_PARTS.find((candidate) => candidate.heading.test(line));
    section = undefined;
    subsection = undefined;
    return;
  }
  const sectionHeading = /^## §(\d+)\b/.exec(line);
  if (sectionHeading) {
    section = sectionHeading[1];
    subsection = undefined;
    return;
  }
  if (line.startsWith('## ')) section = undefined;
  if (line.startsWith('### ')) subsection = line;
  if (!part || !section || !line.startsWith('| ') || line.startsWith('|---')) return;
  // A header row is the one above the |---| separator.
  if (lines[index + 1]?.startsWith('|---')) return;
  const rule = line.slice(2).split(' | ')[0].trim();
  const where = `docs/spec-coverage.md:${index + 1} (${part.file} §${section})`;
  const sections = sectionsOf(part.file);
  if (sections === undefined) {
    problems.push(`${where}: spec file ${path.join(SPEC_DIR, part.file)} not found (set SPEC_DIR)`);
    return;
  }
  if (!sections.has(section)) {
    problems.push(`${where}: ${part.file} has no section ${section}`);
    return;
  }
  rows += 1;
  // A "###" group may name the sections its rows come from ("console-spec §2 /order, §4") and its issue.
  // The rule itself may name the sections it spans ("Super team permissions and codes (§6, §8 801–815)").
  const named = [...`${subsection ?? ''} ${rule}`.matchAll(/§(\d+)/g)].map(([, n]) => n);
  const allowed = [section, ...new Set(named.filter((n) => n !== section && sections.has(n)))];
  const headingSource = subsection !== undefined && OWN_SOURCE.test(subsection);
  const { by, problem } = ruleMatch({ rule, spec: part.file, sections, allowed, headingSource });
  if (by === 'source') ownSource += 1;
  if (problem) problems.push(`${where}: row "${rule.length > 90 ? `${rule.slice(0, 90)}…` : rule}" does not match its spec section: ${problem}`);
});

if (problems.length > 0) {
  console.error(`docs/spec-coverage.md: ${problems.length} problem${problems.length === 1 ? '' : 's'} (${checked} cited tests, ${rows} spec rows checked):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  console.error(
    'A row must match its "## §N": name the spec\'s code, constant, path or message from that section in the rule, move the row to the section it belongs to, or, if the rule is not the spec\'s, say where it comes from ("issue N", "ours").',
  );
  process.exit(1);
}
console.log(
  specsPresent
    ? `docs/spec-coverage.md: all ${checked} cited tests found; all ${rows} spec rows match their spec section (${rows - ownSource} by the spec's text, ${ownSource} by naming an issue or our design as their source).`
    : `docs/spec-coverage.md: all ${checked} cited tests found; rows NOT matched to the spec: no ${SPEC_PARTS.map(({ file }) => file).join(' / ')} in ${SPEC_DIR} (set SPEC_DIR).`,
);
