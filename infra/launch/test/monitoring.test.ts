import { readFileSync } from 'node:fs';
import request from 'supertest';
import { parse } from 'yaml';
import { createInProcessBus, createLogger, createRouter, createServiceApp, processMetrics } from '@printpool/service-kit';
// Each service registers its metrics when loaded: these imports make /metrics show every one the product exports.
import '@printpool/svc-documents';
import '@printpool/svc-gateway';
import '@printpool/svc-inventory';
import '@printpool/svc-sync';
import { fromRoot } from '../src/repoPaths.js';

/** A metric named by a query, with the labels the query matches on or groups by. */
interface Use {
  metric: string;
  labels: string[];
  where: string;
}

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'and', 'or', 'unless', 'bool', 'offset']);
/** Labels every scraped series has (Prometheus' target labels) or a histogram's buckets have. */
const TARGET_LABELS = ['job', 'instance'];

/** The metrics and labels a PromQL expression names (metric selectors, matchers, `by`/`without` groupings). */
function usesOf(expr: string, where: string): Use[] {
  const withoutStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const grouping = [...withoutStrings.matchAll(/\b(?:by|without)\s*\(([^)]*)\)/g)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean),
  );
  const matchers = new Map<string, string[]>();
  const bare = withoutStrings
    .replace(/\b(?:by|without|on|ignoring)\s*\([^)]*\)/g, ' ')
    .replace(/([a-zA-Z_:][a-zA-Z0-9_:]*)?\s*\{([^}]*)\}/g, (_all, metric: string | undefined, inside: string) => {
      const labels = [...inside.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((match) => match[1]!);
      if (metric) matchers.set(metric, [...(matchers.get(metric) ?? []), ...labels]);
      return metric ? ` ${metric} ` : ' ';
    })
    .replace(/\[[^\]]*\]/g, ' ');
  const metrics = [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)].filter((match) => !match[2] && !KEYWORDS.has(match[1]!)).map((match) => match[1]!);
  return [...new Set(metrics)].map((metric) => ({ metric, labels: [...new Set([...(matchers.get(metric) ?? []), ...grouping])], where }));
}

interface AlertRule {
  alert: string;
  expr: string;
}
interface Panel {
  title: string;
  type: string;
  targets?: { expr: string }[];
}

const alerts = (parse(readFileSync(fromRoot('infra', 'monitoring', 'alerts.yaml'), 'utf8')) as { groups: { rules: AlertRule[] }[] }).groups.flatMap(
  (group) => group.rules,
);
const dashboard = JSON.parse(readFileSync(fromRoot('infra', 'monitoring', 'grafana-dashboard.json'), 'utf8')) as {
  panels: Panel[];
  templating: { list: { name: string; definition?: string }[] };
};
const alertUses = alerts.flatMap((rule) => usesOf(rule.expr, `alert ${rule.alert}`));
const panelUses = dashboard.panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => usesOf(target.expr, `panel "${panel.title}"`)));
const variableUses = dashboard.templating.list.flatMap((variable) => {
  const match = /label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*,\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\)/.exec(variable.definition ?? '');
  return match ? [{ metric: match[1]!, labels: [match[2]!], where: `variable ${variable.name}` }] : [];
});

/** Every series name /metrics can serve (a histogram's `_bucket`, `_sum`, `_count`) and the labels each may carry. */
async function exported(): Promise<Map<string, Set<string>>> {
  // A consumer's dead-letter series exist from its subscription on; one makes their labels show.
  const bus = createInProcessBus({ logger: createLogger('monitoring-test', 'silent') });
  await bus.subscribe({ consumer: 'monitoring-test', subjects: ['inventory.sales-order.changed'], handler: async () => undefined });
  const router = createRouter('/api');
  router.get('/ping', (ctx) => void (ctx.body = { ok: true }));
  const app = createServiceApp({ name: 'monitoring-test', logger: createLogger('monitoring-test', 'silent'), routers: [router] }).callback();
  await request(app).get('/api/ping');
  const text = (await request(app).get('/metrics').expect(200)).text;
  await bus.close();

  const labels = new Map<string, Set<string>>();
  const add = (name: string, names: Iterable<string>) => {
    const known = labels.get(name) ?? new Set(TARGET_LABELS);
    for (const label of names) known.add(label);
    labels.set(name, known);
  };
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    if (type === 'histogram') {
      add(`${name}_bucket`, ['le']);
      add(`${name}_sum`, []);
      add(`${name}_count`, []);
    } else add(name!, []);
  }
  for (const [, name, inside] of text.matchAll(/^([a-zA-Z_:][a-zA-Z0-9_:]*)\{([^}]*)\}/gm))
    add(
      name!,
      [...inside!.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)].map((m) => m[1]!),
    );
  for (const metric of processMetrics.getMetricsAsArray()) {
    const names = (metric as unknown as { labelNames?: string[] }).labelNames ?? [];
    for (const series of metric.constructor.name === 'Histogram' ? ['_bucket', '_sum', '_count'].map((end) => `${metric.name}${end}`) : [metric.name])
      add(series, names);
  }
  return labels;
}

describe('the monitoring in infra/monitoring', () => {
  let served: Map<string, Set<string>>;
  beforeAll(async () => {
    served = await exported();
  });

  it('names in its alerts, panels and variables only metrics and labels the services export', () => {
    const uses = [...alertUses, ...panelUses, ...variableUses];
    expect(uses.length).toBeGreaterThan(20);
    const unknown = uses.flatMap(({ metric, labels, where }) => {
      const known = served.get(metric);
      if (!known) return [`${where}: no service exports ${metric}`];
      return labels.filter((label) => !known.has(label)).map((label) => `${where}: ${metric} has no label ${label}`);
    });
    expect(unknown).toEqual([]);
  });

  it('alerts on and shows the QuickBooks, mail, sync age and dead-letter metrics', () => {
    const watched = [
      'qbo_requests_total',
      'qbo_request_failures_total',
      'sync_last_success_age_seconds',
      'mail_sends_total',
      'mail_given_up_total',
      'mail_resend_queue_length',
      'events_dead_lettered_total',
    ];
    const alerted = new Set(alertUses.map((use) => use.metric));
    const shown = new Set(panelUses.map((use) => use.metric));
    expect(watched.filter((metric) => !alerted.has(metric))).toEqual([]);
    expect(watched.filter((metric) => !shown.has(metric))).toEqual([]);
  });

  it('reads a query the way Prometheus does', () => {
    expect(usesOf('sum by (tenant_id) (rate(qbo_requests_total{outcome!~"ok|throttled", x="}"}[15m])) / on (a) max(up)', 'q')).toEqual([
      { metric: 'qbo_requests_total', labels: ['outcome', 'x', 'tenant_id'], where: 'q' },
      { metric: 'up', labels: ['tenant_id'], where: 'q' },
    ]);
  });
});
