// im-server's layers, enforced (issue 33 §1): gateway → domain → db. The gateway (sockets, frames,
// logins, handlers) calls the domain (messages, teams, sync…) and the upload area; the domain reads and
// writes the database through db; db (schema, migrations, the store) knows neither. A layer imports only
// layers below it: domain never imports gateway, db never imports domain or gateway. Beside them:
// protocol.ts (the wire, from im-core) under everything, and server.ts / main.ts, the composition root
// that wires the layers together, above everything. docs/im-server-layers.md tells the whole order.
// Imported by the root eslint.config.mjs; the repository-wide cycle check is `npm run lint:cycles`.
const SRC = 'apps/im-server/src';

/** For each folder, the folders and root files it must not import. */
const FORBIDDEN = {
  domain: ['gateway', 'upload', 'routing', 'lbs', 'stats', 'demo', 'server', 'main'],
  db: ['domain', 'gateway', 'upload', 'routing', 'lbs', 'stats', 'demo', 'server', 'main'],
};

// A folder's files sit up to three levels down (domain/msg/x.ts, db/migrations/x.ts): match each depth.
const banned = (targets) =>
  targets.map((target) => ({
    group: [1, 2, 3].flatMap((depth) => {
      const up = '../'.repeat(depth);
      return [`${up}${target}`, `${up}${target}/*`];
    }),
    message: `im-server layers (apps/im-server/eslint.layers.mjs): this folder must not import ${target}.`,
  }));

export const imServerLayers = Object.entries(FORBIDDEN).map(([folder, forbidden]) => ({
  files: [`${SRC}/${folder}/**/*.ts`],
  rules: { 'no-restricted-imports': ['error', { patterns: banned(forbidden) }] },
}));
