// The breaking-change guard of `npm run release` (docs/decisions/0013-releases.md): compares a library's
// API reports (libs/<name>/api/*.api.md, written by tools/api-reports.mjs) at its last release with the
// current ones, and says which semver bump the change needs. Pure: text in, findings out.
//
// A report's code block is read line by line. Each line is keyed by its top-level declaration (the last
// unindented line above it), so `id: string;` in one interface is not mistaken for the same line in
// another. Comment lines (`// @public`, `// Warning: ...`), blank lines, imports and a declaration's
// closing bracket are not API.
//   - a baseline line missing from the current report → removed or changed → needs `major`;
//   - only new lines → needs `minor`;
//   - no line differs → any bump will do.

export const BUMPS = ['patch', 'minor', 'major'];

/** The API lines of one report, as `declaration ⏵ line` keys (a top-level line is its own key). */
export function apiLines(report) {
  const start = report.indexOf('```ts');
  const end = start === -1 ? -1 : report.indexOf('```', start + 5);
  const body = start === -1 ? report : report.slice(start + 5, end === -1 ? undefined : end);
  const lines = [];
  let declaration = '';
  for (const raw of body.split('\n')) {
    const line = raw.trimEnd();
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('//') || trimmed.startsWith('import ')) continue;
    // A declaration's closing bracket says nothing of its own.
    if (/^[})\]]+;?$/.test(line)) continue;
    if (!/^\s/.test(line)) {
      declaration = trimmed;
      lines.push(trimmed);
    } else {
      lines.push(`${declaration} ⏵ ${trimmed}`);
    }
  }
  return lines;
}

/** Lines of `a` not matched one-for-one in `b` (a line twice in `a` must be twice in `b`). */
function missingFrom(a, b) {
  const counts = new Map();
  for (const line of b) counts.set(line, (counts.get(line) ?? 0) + 1);
  const missing = [];
  for (const line of a) {
    const left = counts.get(line) ?? 0;
    if (left > 0) counts.set(line, left - 1);
    else missing.push(line);
  }
  return missing;
}

/**
 * Compares the reports of one library.
 * @param {Record<string, string>} baseline report file name → text at the last release (a file absent here is new)
 * @param {Record<string, string>} current report file name → text now (a file absent here is a removed entry point)
 * @returns {{ removed: string[], added: string[], needs: 'major' | 'minor' | null }} lines prefixed with their report
 */
export function compareReports(baseline, current) {
  const removed = [];
  const added = [];
  for (const file of new Set([...Object.keys(baseline), ...Object.keys(current)])) {
    const before = baseline[file] === undefined ? [] : apiLines(baseline[file]);
    const after = current[file] === undefined ? [] : apiLines(current[file]);
    if (current[file] === undefined) removed.push(`${file}: the whole entry point (its report is gone)`);
    else removed.push(...missingFrom(before, after).map((line) => `${file}: ${line}`));
    added.push(...missingFrom(after, before).map((line) => `${file}: ${line}`));
  }
  return { removed, added, needs: removed.length ? 'major' : added.length ? 'minor' : null };
}

/**
 * The guard's verdict for the libraries being released.
 * @param {{ name: string, bump: 'patch' | 'minor' | 'major', why?: string, baseline: Record<string, string>, current: Record<string, string> }[]} releases
 *   `why` says where the bump comes from (default: "its change notes give <bump>")
 * @returns {string[]} one refusal per library whose bump is smaller than its API change needs (empty: all fine)
 */
export function refusals(releases) {
  const problems = [];
  for (const { name, bump, why = `its change notes give ${bump}`, baseline, current } of releases) {
    const { removed, added, needs } = compareReports(baseline, current);
    if (!needs || BUMPS.indexOf(bump) >= BUMPS.indexOf(needs)) continue;
    const lines = needs === 'major' ? removed : added;
    const what = needs === 'major' ? 'removes or changes exported API' : 'adds exported API';
    problems.push(
      `${name}: the change ${what}, so it needs a ${needs} bump, but ${why}.\n` +
        `  ${needs === 'major' ? 'Removed or changed' : 'Added'} (report: declaration ⏵ line):\n` +
        lines.map((line) => `    - ${line}`).join('\n'),
    );
  }
  return problems;
}
