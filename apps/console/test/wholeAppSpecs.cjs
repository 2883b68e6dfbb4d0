// Which console specs build the whole console (createConsole: store, secure client, i18n, router and the
// real routes), directly or through a test harness (test/renderConsole.tsx, resource-kit/*.testing.tsx…),
// rather than test a unit. They load most of the app and take seconds each, so they run as their own
// target (`test-app`, jest.app.config.cjs) beside the integration suites, and `test` stays the fast unit
// run. Found from the files themselves, so a new whole-app spec lands in the right target by itself.
const fs = require('node:fs');
const path = require('node:path');

const BUILDS_THE_CONSOLE = /\bcreateConsole\(/;
const SPEC_FILE = /\.spec\.tsx?$/;
/** Test-only modules a spec reaches the console through; product modules are not followed. */
const HARNESS_FILE = /(\/test\/[^/]+|\.testing)\.tsx?$/;
const RELATIVE_IMPORT = /from '(\.{1,2}\/[^']+)'/g;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function filesUnder(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  return [base, ...EXTENSIONS.map((ext) => base + ext)].find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** Absolute paths of the specs that build the whole console, sorted. */
function wholeAppSpecs(rootDir) {
  const verdicts = new Map();
  const buildsTheConsole = (file) => {
    if (verdicts.has(file)) return verdicts.get(file);
    verdicts.set(file, false); // an import cycle among harnesses ends here
    const text = fs.readFileSync(file, 'utf8');
    const harnesses = [...text.matchAll(RELATIVE_IMPORT)]
      .map((match) => resolveImport(file, match[1]))
      .filter((imported) => imported && HARNESS_FILE.test(imported));
    const verdict = BUILDS_THE_CONSOLE.test(text) || harnesses.some(buildsTheConsole);
    verdicts.set(file, verdict);
    return verdict;
  };
  return ['src', 'test']
    .flatMap((folder) => filesUnder(path.join(rootDir, folder)))
    .filter((file) => SPEC_FILE.test(file) && buildsTheConsole(file))
    .sort();
}

module.exports = { wholeAppSpecs };
