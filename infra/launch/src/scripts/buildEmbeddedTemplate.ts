/**
 * Run by the build (`npm run build -w @printpool/launch`): the migrated embedded database a
 * first `npm start` copies (embeddedTemplate.ts).
 */
import { ALL_IN_ONE_SCHEMAS } from '../allInOne.js';
import { BUILT_EMBEDDED_TEMPLATE, buildEmbeddedTemplate } from '../embeddedTemplate.js';

await buildEmbeddedTemplate(BUILT_EMBEDDED_TEMPLATE, ALL_IN_ONE_SCHEMAS);
