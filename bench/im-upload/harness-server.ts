// Bundled by run.mjs for the child process server.mjs.
export { createImServer } from '../../apps/im-server/src/server';
