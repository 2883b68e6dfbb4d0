// Part of the package build (after tsup): writes dist/openapi.json, the OpenAPI 3.1 document of every
// contract, from the build just made. It ships in the package ("@merchant/api-contracts/openapi.json")
// for teams that generate a client from it (docs/api-document.md); store-server serves the same document
// at /openapi.json (apps/store-server/src/http/openapi-consumer.int.spec.ts compares them).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { allEndpoints, buildOpenApiDocument } = require('../dist/index.js');
const { version } = require('../package.json');

const target = new URL('../dist/openapi.json', import.meta.url);
const document = buildOpenApiDocument(allEndpoints, { version });
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`dist/openapi.json: ${Object.keys(document.paths).length} calls, OpenAPI ${document.openapi}`);
