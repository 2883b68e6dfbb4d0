// jsdom does not expose structuredClone, which fake-indexeddb needs (TOOLCHAIN.md, "Pitfalls seen"),
// nor TextEncoder/TextDecoder, which im-core's codec uses at module load.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithStructuredClone extends TestEnvironment {
  async setup() {
    await super.setup();
    this.global.structuredClone = globalThis.structuredClone;
    this.global.TextEncoder = globalThis.TextEncoder;
    this.global.TextDecoder = globalThis.TextDecoder;
  }
}

module.exports = JsdomWithStructuredClone;
