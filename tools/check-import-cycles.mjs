#!/usr/bin/env node
// `npm run lint:cycles`: fails on any import cycle in apps/, libs/, e2e/, bench/ and tools/, type-only
// imports included (rules and options: .dependency-cruiser.cjs; why: docs/decisions/0013-import-cycles.md).
// dependency-cruiser 18's own command (`depcruise`) refuses to start on Node 20, the Node this project
// runs on, so this calls the same steps through its documented API: read the config, parse the
// tsconfig it names (path aliases), cruise, print the `err` report, exit non-zero on a violation.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const ROOTS = ['apps', 'libs', 'e2e', 'bench', 'tools'];

const started = performance.now();
const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const tsConfigFile = options.ruleSet?.options?.tsConfig?.fileName;
const tsConfig = tsConfigFile ? extractTSConfig(tsConfigFile) : {};
const result = await cruise(ROOTS, { ...options, outputType: 'err' }, {}, { tsConfig });
process.stdout.write(result.output);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`import cycles: ${result.exitCode === 0 ? 'none' : 'found (above)'} in ${ROOTS.join(', ')} (${seconds} s)`);
process.exitCode = result.exitCode === 0 ? 0 : 1;
