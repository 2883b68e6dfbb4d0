// Bundled by run.mjs (esbuild, workspace sources as they are now): im-core's uploader and the raw
// protocol client the im-server integration tests use (real codec, real tokens).
export { FileUploader, MemoryStore } from '@merchant/im-core';
export { RawImClient, TEST_SECRET, TEST_APP_KEY } from '../../apps/im-server/test/support/raw-client';
