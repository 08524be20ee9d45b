/**
 * Browser APIs that antd relies on and jsdom lacks. Import before anything that renders.
 * - MessageChannel: antd's Form batches watchers in a macrotask posted through one; a
 *   setTimeout pair keeps that timing without Node's ports, which would hold Jest open.
 * - matchMedia: antd's grid subscribes to breakpoints; no query matches, as on a narrow screen.
 * - ResizeObserver: antd's text area watches its size; jsdom has no layout, so nothing resizes.
 */
class TimerMessagePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  peer: TimerMessagePort | null = null;

  postMessage(data: unknown): void {
    setTimeout(() => this.peer?.onmessage?.({ data }), 0);
  }

  start(): void {}

  close(): void {
    this.peer = null;
  }
}

class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();

  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}

class StillResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

function unmatchedMediaQuery(media: string): MediaQueryList {
  return {
    media,
    matches: false,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  };
}

if (typeof globalThis.MessageChannel === 'undefined') {
  Object.assign(globalThis, { MessageChannel: TimerMessageChannel });
}
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = unmatchedMediaQuery;
}
if (typeof globalThis.ResizeObserver === 'undefined') {
  Object.assign(globalThis, { ResizeObserver: StillResizeObserver });
}
