// jsdom lacks the Fetch API classes that react-router's data routers build for every navigation,
// and TextEncoder; borrow Node's. structuredClone likewise (TOOLCHAIN.md pitfalls).
// `@jest-environment-options {"styles": "all"}` in a spec's docblock keeps every CSS declaration
// (tools/jest/jsdom-styles.cjs says why the others keep only those jsdom acts on).
const JsdomEnvironment = require('jest-environment-jsdom').default;

class ConsoleJsdomEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__ALL_STYLES__ = config.projectConfig.testEnvironmentOptions?.styles === 'all';
  }

  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of ['Request', 'Response', 'Headers', 'fetch', 'TextEncoder', 'TextDecoder', 'structuredClone']) {
      if (typeof g[name] === 'undefined') g[name] = globalThis[name];
    }
  }
}

module.exports = ConsoleJsdomEnvironment;
