import { readConfigFromEnv } from './config';
import { createStoreServer } from './server';

/** A configuration that must not run (a bad variable, development secrets in production) ends the process with its reason. */
async function start() {
  try {
    const config = readConfigFromEnv();
    return { config, server: await createStoreServer(config) };
  } catch (error) {
    console.error(`store-server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

const { config, server } = await start();
const { url } = await server.listen();
server.app.log.info(`store-server listening at ${url} (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  server.app.log.info(`${signal} received, closing`);
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    server.app.log.error(error);
    process.exit(1);
  }
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
