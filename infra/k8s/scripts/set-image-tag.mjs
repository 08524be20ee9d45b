// The build's last step before a staging deploy: names every PrintPool image of an overlay
// (infra/k8s/overlays/staging by default) by the tag it just pushed, `sha-<commit>` of HEAD
// unless a tag is given. Only a tag that never moves is taken (the rule of
// infra/k8s/test/manifests.test.ts): a rollback to a commit must run exactly what ran then.
// A digest differs per image, so it is no tag to give them all; pin one with `digest:` by hand.
//
//   node infra/k8s/scripts/set-image-tag.mjs [sha-<commit> | <version>] [--overlay <dir>]
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';

const COMMIT = /^sha-[0-9a-f]{7,40}$/;
const VERSION = /^v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

function fail(message) {
  process.stderr.write(`set-image-tag: ${message}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
let overlay = fileURLToPath(new URL('../overlays/staging', import.meta.url));
let tag;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--overlay') overlay = path.resolve(args[++i] ?? fail('--overlay needs a folder'));
  else if (tag === undefined) tag = args[i];
  else fail(`one tag only (got ${tag} and ${args[i]})`);
}
// The commit of the checkout this script is in, wherever it is run from: the one the build just built.
const checkout = fileURLToPath(new URL('.', import.meta.url));
tag ??= `sha-${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim()}`;
if (!COMMIT.test(tag) && !VERSION.test(tag)) fail(`refusing the tag "${tag}": it can move to another build; give sha-<commit> or a release's version (1.2.0)`);

const file = path.join(overlay, 'kustomization.yaml');
const document = parseDocument(readFileSync(file, 'utf8'));
const images = document.get('images');
const ours = (images?.items ?? []).filter((image) => String(image.get('name')).startsWith('printpool/'));
if (ours.length === 0) fail(`${file} names no printpool/ image under images:`);
for (const image of ours) {
  // Kustomize prefers a digest to a tag: one left from before would hide the tag set here.
  image.delete('digest');
  image.set('newTag', tag);
}
writeFileSync(file, document.toString({ lineWidth: 0 }));
process.stdout.write(`${file}: ${ours.map((image) => image.get('name')).join(', ')} → ${tag}\n`);
