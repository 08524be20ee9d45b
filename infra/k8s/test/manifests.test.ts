import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parseAllDocuments } from 'yaml';

/** The rendered manifests of each overlay, as `kubectl apply -k` would send them. */
const root = fileURLToPath(new URL('..', import.meta.url));
const OVERLAYS = ['production', 'staging'];
const WORKLOADS = ['svc-gateway', 'svc-inventory', 'svc-sync', 'svc-documents', 'web'];
const SERVICES = WORKLOADS.filter((name) => name !== 'web');
/** What only the Secret printpool-secrets may hold: credentials, keys, and URLs that carry them. */
const SECRET_VARIABLES = [
  'DATABASE_URL',
  'NATS_URL',
  'INTERNAL_TOKEN_SECRET',
  'INTERNAL_TOKEN_ACCEPTED_SECRETS',
  'METRICS_TOKEN',
  'OIDC_CLIENT_SECRET',
  'QBO_CLIENT_SECRET',
  'QBO_TOKEN_KEY',
  'QBO_TOKEN_KEYS',
  'QBO_WEBHOOK_VERIFIER',
  'SMTP_URL',
  'ATTACHMENTS_S3_ACCESS_KEY_ID',
  'ATTACHMENTS_S3_SECRET_ACCESS_KEY',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML, checked field by field below
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string> }; spec?: any; data?: Record<string, string> };

function render(overlay: string): K8sObject[] {
  const text = execFileSync('kubectl', ['kustomize', path.join(root, 'overlays', overlay)], { encoding: 'utf8' });
  return parseAllDocuments(text).map((document) => document.toJS() as K8sObject);
}

/** The schema of each kind the manifests use (kubernetes-models, generated from Kubernetes' OpenAPI). */
const MODELS: Record<string, () => Promise<new (data: never) => { validate(): void }>> = {
  'v1/ConfigMap': async () => (await import('kubernetes-models/v1/ConfigMap')).ConfigMap,
  'v1/Service': async () => (await import('kubernetes-models/v1/Service')).Service,
  'apps/v1/Deployment': async () => (await import('kubernetes-models/apps/v1/Deployment')).Deployment,
  'batch/v1/Job': async () => (await import('kubernetes-models/batch/v1/Job')).Job,
  'autoscaling/v2/HorizontalPodAutoscaler': async () => (await import('kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler')).HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': async () => (await import('kubernetes-models/policy/v1/PodDisruptionBudget')).PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': async () => (await import('kubernetes-models/networking.k8s.io/v1/Ingress')).Ingress,
  'networking.k8s.io/v1/NetworkPolicy': async () => (await import('kubernetes-models/networking.k8s.io/v1/NetworkPolicy')).NetworkPolicy,
};

const find = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((object) => object.kind === kind && object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const selects = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([key, value]) => labels[key] === value);

/** Every variable of docs/configuration.md's deployed processes; `REMOTE_<NAME>_URL` is one per remote. */
function documentedVariables(): string[] {
  const page = readFileSync(path.join(root, '..', '..', 'docs', 'configuration.md'), 'utf8');
  const start = page.indexOf('## The deployed processes');
  const table = page.slice(start, page.indexOf('\n## ', start));
  const names = table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split(' | ')[0]!.matchAll(/`([A-Z0-9_<>]+)`/g)].map((match) => match[1]!));
  return names.flatMap((name) =>
    name === 'REMOTE_<NAME>_URL'
      ? ['MFE_PURCHASE_ORDERS', 'MFE_SALES_ORDERS', 'MFE_PULL_TICKETS', 'MFE_CATALOG'].map((remote) => `REMOTE_${remote}_URL`)
      : [name],
  );
}

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  const objects = render(overlay);
  const pods = objects.flatMap((object) => (object.kind === 'Deployment' || object.kind === 'Job' ? [{ owner: object, pod: object.spec.template }] : []));
  const containers = pods.flatMap(({ owner, pod }) =>
    (pod.spec.containers as { name: string; env?: { name: string; value?: string; valueFrom?: object }[] }[]).map((container) => ({ owner, container })),
  );
  const config = objects.find((object) => object.kind === 'ConfigMap' && object.metadata.name.startsWith('printpool-config'))!;

  it('validates every object against the Kubernetes schema of its kind', async () => {
    expect(objects.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const object of objects) {
      const model = MODELS[`${object.apiVersion}/${object.kind}`];
      if (!model) {
        problems.push(`${object.kind} ${object.metadata.name}: no schema for ${object.apiVersion}`);
        continue;
      }
      try {
        new (await model())(object as never).validate();
      } catch (error) {
        problems.push(`${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(WORKLOADS)('runs %s with probes, resources, a locked-down container, a drain before stop, an autoscaler and a disruption budget', (name) => {
    const deployment = find(objects, 'Deployment', name);
    const pod = deployment.spec.template;
    const container = pod.spec.containers[0];
    expect(container.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    // A service's readiness covers its database, NATS and peers (service-kit lifecycle/readiness.ts).
    expect(container.readinessProbe.httpGet).toEqual({ path: name === 'web' ? '/healthz' : '/readyz', port: 'http' });
    expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
    expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: expect.any(Number) });
    expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
    // The drain (DRAIN_TIMEOUT_MS) and the preStop wait end before Kubernetes kills the pod.
    expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThan(name === 'web' ? 5 : 25);
    expect(container.image).toMatch(new RegExp(`^registry\\.example\\.com/printpool/${name}:`));

    const autoscaler = find(objects, 'HorizontalPodAutoscaler', name);
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2);
    const budget = find(objects, 'PodDisruptionBudget', name);
    expect(selects(budget.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    const service = find(objects, 'Service', name);
    expect(selects(service.spec.selector, pod.metadata.labels)).toBe(true);
  });

  it.each(SERVICES)('migrates %s with a job of the same image before the rollout, which no Service routes to', (name) => {
    const job = find(objects, 'Job', `${name}-migrate`);
    const container = job.spec.template.spec.containers[0];
    expect(container.image).toBe(find(objects, 'Deployment', name).spec.template.spec.containers[0].image);
    expect(container.args).toEqual(['migrate']);
    expect(container.env).toContainEqual({ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'printpool-secrets', key: 'DATABASE_URL' } } });
    expect(job.spec.template.spec.restartPolicy).toBe('OnFailure');
    expect(container.securityContext.readOnlyRootFilesystem).toBe(true);
    for (const service of objects.filter((object) => object.kind === 'Service'))
      expect(selects(service.spec.selector, job.spec.template.metadata.labels)).toBe(false);
  });

  it("keeps attachments where every replica of svc-documents reads them, and refuses to start where they would be one pod's alone", () => {
    const documents = find(objects, 'Deployment', 'svc-documents').spec.template.spec;
    const scratch = (documents.volumes as { name: string; emptyDir?: object }[]).filter((volume) => volume.emptyDir).map((volume) => volume.name);
    const mounts = documents.containers[0].volumeMounts as { name: string; mountPath: string }[];
    const onScratch = mounts.some((mount) => scratch.includes(mount.name) && config.data!.ATTACHMENTS_DIR!.startsWith(mount.mountPath));
    expect(find(objects, 'HorizontalPodAutoscaler', 'svc-documents').spec.maxReplicas).toBeGreaterThan(1);
    // More than one replica, each with its own scratch disk: svc-documents starts only with a bucket (storeFromEnv.ts).
    expect(onScratch).toBe(true);
    expect(config.data!.ATTACHMENTS_DIR_PER_REPLICA).toBe('true');
    expect(config.data!.ATTACHMENTS_S3_BUCKET).toMatch(/^[a-z0-9][a-z0-9.-]{2,62}$/);
  });

  it('applies with the migration step everything its Jobs read, so they start on a first deploy', () => {
    // docs/operations.md: kubectl apply -k … -l printpool.example.com/step=migrate
    const step = objects.filter((object) => object.metadata.labels?.['printpool.example.com/step'] === 'migrate');
    const jobs = objects.filter((object) => object.kind === 'Job');
    expect(step.filter((object) => object.kind === 'Job').map((job) => job.metadata.name)).toEqual(jobs.map((job) => job.metadata.name));
    const read = jobs.flatMap((job) =>
      (job.spec.template.spec.containers as { envFrom?: { configMapRef?: { name: string } }[] }[]).flatMap((container) =>
        (container.envFrom ?? []).flatMap((source) => (source.configMapRef ? [source.configMapRef.name] : [])),
      ),
    );
    expect(read.length).toBeGreaterThan(0);
    for (const name of read) expect(step.some((object) => object.kind === 'ConfigMap' && object.metadata.name === name)).toBe(true);
  });

  it.each(WORKLOADS)('leaves the replicas of %s to its autoscaler, spread over nodes and zones, from an image tag that never moves', (name) => {
    const deployment = find(objects, 'Deployment', name);
    expect(deployment.spec.replicas).toBeUndefined();
    const spread = deployment.spec.template.spec.topologySpreadConstraints as { topologyKey: string; labelSelector: { matchLabels: Record<string, string> } }[];
    expect(spread.map((constraint) => constraint.topologyKey).sort()).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
    for (const constraint of spread) expect(selects(constraint.labelSelector.matchLabels, deployment.spec.template.metadata.labels)).toBe(true);
    const image = deployment.spec.template.spec.containers[0].image as string;
    // Only what never moves: a digest, a release's version (1.0.0, 1.1.0-rc.1) or a commit's (sha-<commit>); not latest, main, stable, 1, …
    expect(image).toMatch(/@sha256:[0-9a-f]{64}$|:v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$|:sha-[0-9a-f]{7,40}$/);
  });

  it('denies all traffic but what each part needs: the ingress controller to the front doors, each service from its callers', () => {
    const policies = objects.filter((object) => object.kind === 'NetworkPolicy');
    const deny = policies.find((policy) => Object.keys(policy.spec.podSelector).length === 0 && !policy.spec.ingress && !policy.spec.egress);
    expect(deny?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    const labelsOf = (name: string) => find(objects, 'Deployment', name).spec.template.metadata.labels as Record<string, string>;
    /** Whether a pod with `labels` is chosen by a selector with matchLabels and In expressions. */
    const chooses = (
      selector: { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values: string[] }[] },
      labels: Record<string, string>,
    ) =>
      selects(selector.matchLabels ?? {}, labels) &&
      (selector.matchExpressions ?? []).every((rule) => rule.operator === 'In' && rule.values.includes(labels[rule.key] ?? ''));
    /** The workloads whose pods may open connections to `name`'s. */
    const callers = (name: string) =>
      WORKLOADS.filter((caller) =>
        policies.some(
          (policy) =>
            chooses(policy.spec.podSelector, labelsOf(name)) &&
            (policy.spec.ingress ?? []).some((rule: { from: { podSelector?: object }[] }) =>
              rule.from.some((peer) => peer.podSelector && chooses(peer.podSelector, labelsOf(caller))),
            ),
        ),
      );
    const fromIngressController = (name: string) =>
      policies.some(
        (policy) =>
          chooses(policy.spec.podSelector, labelsOf(name)) &&
          (policy.spec.ingress ?? []).some((rule: { from: { namespaceSelector?: { matchLabels: Record<string, string> } }[] }) =>
            rule.from.some((peer) => peer.namespaceSelector?.matchLabels['kubernetes.io/metadata.name'] === 'ingress-nginx'),
          ),
      );
    expect(WORKLOADS.filter(fromIngressController)).toEqual(['svc-gateway', 'web']);
    expect(Object.fromEntries(WORKLOADS.map((name) => [name, callers(name)]))).toEqual({
      'svc-gateway': [],
      'svc-inventory': ['svc-gateway', 'svc-sync', 'svc-documents'],
      'svc-sync': ['svc-gateway'],
      'svc-documents': ['svc-gateway', 'svc-inventory'],
      web: [],
    });
    const egress = policies
      .flatMap((policy) => (policy.spec.egress ?? []) as { ports: { port: number | string }[] }[])
      .flatMap((rule) => rule.ports.map((port) => port.port));
    expect(egress).toEqual(expect.arrayContaining([53, 8080, 5432, 4222, 587, 443]));
  });

  it('gives every variable of docs/configuration.md to the pods, and secrets only by reference', () => {
    const envNames = new Set(containers.flatMap(({ container }) => (container.env ?? []).map((variable) => variable.name)));
    const wired = new Set([...Object.keys(config.data ?? {}), ...envNames]);
    const documented = documentedVariables();
    expect(documented).toEqual(expect.arrayContaining(['DATABASE_URL', 'SMTP_URL', 'REMOTE_MFE_CATALOG_URL']));
    expect(documented.filter((name) => !wired.has(name))).toEqual([]);

    expect(objects.filter((object) => object.kind === 'Secret')).toEqual([]);
    expect(Object.keys(config.data ?? {}).filter((name) => SECRET_VARIABLES.includes(name))).toEqual([]);
    const inlined = containers.flatMap(({ owner, container }) =>
      (container.env ?? [])
        .filter((variable) => SECRET_VARIABLES.includes(variable.name) && !('secretKeyRef' in (variable.valueFrom ?? {})))
        .map((variable) => `${owner.metadata.name}: ${variable.name}`),
    );
    expect(inlined).toEqual([]);
    // No value anywhere carries credentials (a URL with a password, a key-like string).
    const values = [
      ...Object.values(config.data ?? {}),
      ...containers.flatMap(({ container }) => (container.env ?? []).flatMap((variable) => (variable.value === undefined ? [] : [variable.value]))),
    ];
    expect(values.filter((value) => /:\/\/[^/@\s]+:[^/@\s]+@/.test(value) || /^[A-Za-z0-9+/=_-]{32,}$/.test(value))).toEqual([]);
  });

  it('sends the API and the remotes manifest to the gateway and everything else to the web front-ends', () => {
    const ingress = find(objects, 'Ingress', 'printpool');
    const routes = ingress.spec.rules[0].http.paths.map((route: { path: string; backend: { service: { name: string } } }) => [
      route.path,
      route.backend.service.name,
    ]);
    expect(routes).toEqual([
      ['/api', 'svc-gateway'],
      ['/remotes.json', 'svc-gateway'],
      ['/', 'web'],
    ]);
    expect(ingress.spec.tls[0].secretName).toBe('printpool-tls');
  });
});
