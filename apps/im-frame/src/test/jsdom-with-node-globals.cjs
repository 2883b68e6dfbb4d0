// jsdom lacks structuredClone (needed by fake-indexeddb) and TextEncoder/TextDecoder (needed by
// im-core's codec); Node's own implementations fill the gap.
const JsdomEnvironment = require('jest-environment-jsdom').default;
const { TextDecoder, TextEncoder } = require('node:util');
const nodeStructuredClone = globalThis.structuredClone;

class JsdomWithNodeGlobals extends JsdomEnvironment {
  async setup() {
    await super.setup();
    this.global.structuredClone = nodeStructuredClone;
    this.global.TextEncoder = TextEncoder;
    this.global.TextDecoder = TextDecoder;
  }
}

module.exports = JsdomWithNodeGlobals;
