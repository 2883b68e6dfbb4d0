// One-off generator used to create the library skeletons consistently (kept for new libraries).
import fs from 'node:fs';
import path from 'node:path';
const [name, description, extraEntries = '', tags = ''] = process.argv.slice(2);
const dir = path.join('libs', name);
const entries = ['index', ...extraEntries.split(',').filter(Boolean)];
const entryPath = (e) => (e === 'index' ? 'src/index.ts' : `src/${e}/index.ts`);
const exportsMap = {};
for (const e of entries) {
  const out = e === 'index' ? 'index' : `${e}/index`;
  exportsMap[e === 'index' ? '.' : `./${e}`] = {
    import: { types: `./dist/${out}.d.mts`, default: `./dist/${out}.mjs` },
    require: { types: `./dist/${out}.d.ts`, default: `./dist/${out}.js` },
  };
}
exportsMap['./package.json'] = './package.json';
const pkg = {
  name: `@merchant/${name}`,
  version: '0.1.0',
  description,
  license: 'UNLICENSED',
  main: './dist/index.js',
  module: './dist/index.mjs',
  types: './dist/index.d.ts',
  exports: exportsMap,
  files: ['dist', 'README.md', 'CHANGELOG.md'],
  sideEffects: false,
  publishConfig: { access: 'public' },
  scripts: {
    build: 'tsup',
    typecheck: 'tsc -p tsconfig.json --noEmit',
    test: 'jest',
    lint: 'eslint .',
  },
  dependencies: {},
  nx: { tags: ['type:lib', `scope:${name}`, ...tags.split(',').filter(Boolean)] },
};
fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2) + '\n');
fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.base.json', include: ['src/**/*.ts', 'src/**/*.tsx', 'test/**/*.ts', 'test/**/*.tsx'] }, null, 2) + '\n');
// The library build resolves sibling libraries through node_modules (their built .d.ts), not sources.
fs.writeFileSync(path.join(dir, 'tsconfig.lib.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { paths: {}, types: ['node'] }, include: ['src/**/*.ts', 'src/**/*.tsx'], exclude: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', 'src/**/*.int.spec.ts'] }, null, 2) + '\n');
fs.writeFileSync(path.join(dir, 'tsup.config.ts'), `import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { ${entries.map((e) => `'${e === 'index' ? 'index' : e + '/index'}': '${entryPath(e)}'`).join(', ')} },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  tsconfig: 'tsconfig.lib.json',
});
`);
fs.writeFileSync(path.join(dir, 'jest.config.cjs'), `module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: '${name}',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)', '<rootDir>/test/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['\\\\.int\\\\.spec\\\\.ts$'],
};
`);
fs.writeFileSync(path.join(dir, 'CHANGELOG.md'), `# Changelog\n\n## 0.1.0\n\n- First release.\n`);
console.log('scaffolded', dir);
