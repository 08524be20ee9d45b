import { stringify } from 'yaml';
import { inventoryAsyncApi } from './asyncapi.js';

/** asyncapi.yaml as `npm run asyncapi` writes it: the generated document, with a note not to edit it. */
export function inventoryAsyncApiYaml(): string {
  return `# Generated from libs/contracts/src/events/asyncapi.ts by \`npm run asyncapi -w @printpool/contracts\`: edit the zod schemas, not this file.\n${stringify(inventoryAsyncApi(), { lineWidth: 0 })}`;
}
