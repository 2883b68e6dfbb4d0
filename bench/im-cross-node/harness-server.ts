// Bundled by run.mjs (esbuild, workspace sources as they are now) for the child process ../im-groups/server.mjs.
export { createImServer } from '../../apps/im-server/src/server';
