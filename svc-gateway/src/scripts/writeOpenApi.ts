import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildGatewayOpenApiDocument } from '@printpool/contracts';

/** Writes the gateway's OpenAPI document: `node dist/scripts/writeOpenApi.js [file]` (default openapi.json). */
const target = path.resolve(process.argv[2] ?? 'openapi.json');
await writeFile(target, `${JSON.stringify(buildGatewayOpenApiDocument(), null, 2)}\n`);
process.stdout.write(`wrote ${target}\n`);
