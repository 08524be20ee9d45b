/**
 * Timers that run in the page, so a figure is what the broker waits for and not Playwright's
 * round trips: each starts at the next `event` on the page (the event's own timeStamp, from when
 * the browser took the input) and stops at the first paint after the awaited state holds.
 */
export interface TimerSpec {
  name: string;
  event: 'click' | 'keydown';
  /** The timer stops once an element matches it (and holds `text`, when given)… */
  selector?: string;
  text?: string;
  /** …or, with `gone`, once none does. Without a selector, at the next paint. */
  gone?: boolean;
}

/**
 * Run once in the page before `armTimer`: tsx compiles the bench with esbuild's `keepNames`, which
 * wraps nested functions in a `__name` helper that a function handed to the page lacks.
 */
export const NAME_HELPER = 'globalThis.__name = (fn) => fn;';

type TimedWindow = Window & { benchTimers?: Record<string, Promise<number>> };

/** Passed to `page.evaluate`, so it uses nothing from outside itself. */
export function armTimer({ name, event, selector, text, gone }: TimerSpec): void {
  const timed = window as TimedWindow;
  timed.benchTimers ??= {};
  timed.benchTimers[name] = new Promise<number>((resolve) => {
    const matches = () => {
      if (!selector) return true;
      const found = Array.from(document.querySelectorAll(selector)).some((element) => text === undefined || (element.textContent ?? '').includes(text));
      return gone ? !found : found;
    };
    document.addEventListener(
      event,
      (started) => {
        // A message posted from an animation frame is handled once that frame is painted.
        const afterPaint = () =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now() - started.timeStamp);
            channel.port2.postMessage(null);
          });
        if (matches()) return afterPaint();
        const observer = new MutationObserver(() => {
          if (!matches()) return;
          observer.disconnect();
          afterPaint();
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      },
      { capture: true, once: true },
    );
  });
}

/** Passed to `page.evaluate`: the milliseconds the named timer measured, once it stops. */
export function timerResult(name: string): Promise<number> {
  return (window as TimedWindow).benchTimers![name]!;
}
