/**
 * Main-thread scripting before the largest contentful paint, from a Chromium trace of one load
 * (the DevTools-protocol trace a Performance recording makes): the time the page's main thread
 * spent compiling and running JavaScript, garbage collection included, between the navigation's
 * start and the paint Chromium took as largest. What a faster or slower machine scales alike, so
 * two builds compare by it on any machine.
 */

/** The trace categories this reads; Playwright's `browser.startTracing` records them. */
export const TRACE_CATEGORIES = ['devtools.timeline', 'v8.execute', 'loading', 'blink.user_timing'];

/** What DevTools counts as Scripting in its Performance panel, as the trace names it. */
const SCRIPTING = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'v8.compile',
  'v8.compileModule',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'FireIdleCallback',
  'RunMicrotasks',
  'v8.run_microtasks',
  'XHRReadyStateChange',
  'XHRLoad',
  'MinorGC',
  'MajorGC',
]);

interface TraceEvent {
  name: string;
  ph: string;
  /** Microseconds. */
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { isOutermostMainFrame?: boolean } };
}

/** Nested events (a function call inside a script's evaluation) counted once: the union of their spans, cut at `end`. */
function coveredMs(spans: [number, number][], start: number, end: number): number {
  let covered = 0;
  let reached = start;
  for (const [from, to] of spans.sort((a, b) => a[0] - b[0])) {
    const a = Math.max(from, reached);
    const b = Math.min(to, end);
    if (b > a) covered += b - a;
    reached = Math.max(reached, Math.min(to, end));
  }
  return covered / 1000;
}

/**
 * Milliseconds of scripting on the page's main thread from the navigation's start to the LCP,
 * which the page's PerformanceObserver saw at `lcpMs`: the trace's last LCP candidate is the
 * same paint, so the navigation started `lcpMs` before it (a new renderer's own start of the
 * navigation may come before its trace does). Null when the trace holds no LCP candidate, as
 * some of a loaded machine's do though the page saw its paint: that load's scripting is not known.
 */
export function scriptingBeforeLcp(trace: Buffer, lcpMs: number): number | null {
  const { traceEvents: events } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const lcp = events.filter((event) => event.name === 'largestContentfulPaint::Candidate' && event.args?.data?.isOutermostMainFrame).at(-1);
  if (!lcp) return null;
  const onMainThread = (event: TraceEvent) => event.pid === lcp.pid && event.tid === lcp.tid;

  const spans: [number, number][] = [];
  const open = new Map<string, number[]>();
  for (const event of events) {
    if (!SCRIPTING.has(event.name) || !onMainThread(event)) continue;
    if (event.ph === 'X') spans.push([event.ts, event.ts + (event.dur ?? 0)]);
    else if (event.ph === 'B') open.set(event.name, [...(open.get(event.name) ?? []), event.ts]);
    else if (event.ph === 'E') {
      const begun = open.get(event.name)?.pop();
      if (begun !== undefined) spans.push([begun, event.ts]);
    }
  }
  return Math.round(coveredMs(spans, lcp.ts - lcpMs * 1000, lcp.ts));
}
