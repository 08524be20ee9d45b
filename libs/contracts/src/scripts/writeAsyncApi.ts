import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inventoryAsyncApiYaml } from '../events/asyncapiFile.js';

const target = fileURLToPath(new URL('../../asyncapi.yaml', import.meta.url));
writeFileSync(target, inventoryAsyncApiYaml());
process.stdout.write(`wrote ${target}\n`);
