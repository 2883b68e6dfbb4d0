// jsdom lacks the Fetch API classes that react-router's data routers build for every navigation,
// and TextEncoder; borrow Node's. structuredClone likewise (TOOLCHAIN.md pitfalls).
const JsdomEnvironment = require('jest-environment-jsdom').default;

class ConsoleJsdomEnvironment extends JsdomEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    for (const name of ['Request', 'Response', 'Headers', 'fetch', 'TextEncoder', 'TextDecoder', 'structuredClone']) {
      if (typeof g[name] === 'undefined') g[name] = globalThis[name];
    }
  }
}

module.exports = ConsoleJsdomEnvironment;
