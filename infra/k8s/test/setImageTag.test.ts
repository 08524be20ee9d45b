import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { parseAllDocuments } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const script = path.join(root, 'scripts', 'set-image-tag.mjs');
const WORKLOADS = ['svc-gateway', 'svc-inventory', 'svc-sync', 'svc-documents', 'web'];

type Pod = { spec: { containers: { image: string }[] } };
type Rendered = { kind: string; metadata: { name: string }; spec?: { template: Pod } };

/** The staging overlay beside its base in a folder of its own, as the build's checkout holds them. */
let copy: string;
let overlay: string;
beforeEach(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'printpool-image-tag-'));
  cpSync(path.join(root, 'base'), path.join(copy, 'base'), { recursive: true });
  cpSync(path.join(root, 'overlays', 'staging'), path.join(copy, 'overlays', 'staging'), { recursive: true });
  overlay = path.join(copy, 'overlays', 'staging');
});
afterEach(() => rmSync(copy, { recursive: true, force: true }));

const setImageTag = (...args: string[]) =>
  spawnSync(process.execPath, [script, ...args, '--overlay', overlay], { cwd: tmpdir(), encoding: 'utf8', env: { PATH: process.env.PATH } });
const kustomization = () => readFileSync(path.join(overlay, 'kustomization.yaml'), 'utf8');

/** The image of every Deployment and Job, as `kubectl apply -k` would send them. */
function imagesOf(): Record<string, string> {
  const text = execFileSync('kubectl', ['kustomize', overlay], { encoding: 'utf8' });
  const objects = parseAllDocuments(text).map((document) => document.toJS() as Rendered);
  return Object.fromEntries(
    objects
      .filter((object) => object.kind === 'Deployment' || object.kind === 'Job')
      .map((object) => [`${object.kind} ${object.metadata.name}`, object.spec!.template.spec.containers[0]!.image]),
  );
}

describe("the build's step that names staging's images (infra/k8s/scripts/set-image-tag.mjs)", () => {
  it('runs every workload and migration Job of staging on the image of the commit it built, changing nothing else', () => {
    const before = kustomization();
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const result = setImageTag();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);

    const images = imagesOf();
    expect(Object.keys(images)).toHaveLength(WORKLOADS.length + 4);
    for (const [object, image] of Object.entries(images)) {
      const name = object.split(' ')[1]!.replace(/-migrate$/, '');
      expect(image).toBe(`registry.example.com/printpool/${name}:sha-${commit}`);
    }
    expect(kustomization()).toBe(before.replaceAll(/newTag: sha-[0-9a-f]+/g, `newTag: sha-${commit}`));
  });

  it.each(['sha-3f9c2e1d8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d', '1.4.0', 'v2.0.0-rc.1'])('takes a tag that never moves when given one: %s', (tag) => {
    expect(setImageTag(tag).status).toBe(0);
    expect(new Set(Object.values(imagesOf()).map((image) => image.split(':').pop()))).toEqual(new Set([tag]));
  });

  it.each(['main', 'latest', 'stable', '1', '1.4', 'sha-main'])(
    'refuses the tag %s by name, which can move to another build, and leaves the overlay as it was',
    (tag) => {
      const before = kustomization();
      const result = setImageTag(tag);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`refusing the tag "${tag}"`);
      expect(kustomization()).toBe(before);
    },
  );
});
