// A setupFilesAfterEnv entry: every spec of the project gets only the CSS jsdom acts on (jsdom-styles.cjs says
// why), unless its environment set globalThis.__ALL_STYLES__ (console: `@jest-environment-options {"styles": "all"}`).
const { insertOnlyWhatJsdomActsOn } = require('./jsdom-styles.cjs');

if (!globalThis.__ALL_STYLES__) insertOnlyWhatJsdomActsOn();
