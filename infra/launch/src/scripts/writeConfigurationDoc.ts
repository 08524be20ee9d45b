import { writeFile } from 'node:fs/promises';
import { configurationDoc } from '../configurationDoc.js';
import { fromRoot } from '../repoPaths.js';

/** Writes docs/configuration.md from the declared settings: `npm run configuration-doc -w @printpool/launch`. */
const target = fromRoot('docs', 'configuration.md');
await writeFile(target, configurationDoc());
process.stdout.write(`wrote ${target}\n`);
