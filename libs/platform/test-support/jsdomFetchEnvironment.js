// jsdom has no fetch (nor TextEncoder): give tests Node's real one (with its own AbortController, which its
// fetch insists on, and its FormData, File and Blob, the only upload bodies it can send) so the
// client is exercised against a real HTTP server. jsdom has no
// matchMedia either, which antd's grid subscribes to: no media query matches, as on a
// narrow screen.
import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * MessageChannel (antd's form batches with it) on the window's own timers: Node's real one
 * would keep the test process alive and escape fake timers.
 */
function timerMessageChannel(window) {
  return class MessageChannel {
    constructor() {
      const port = () => ({ onmessage: null, postMessage: undefined, close: () => {}, start: () => {} });
      this.port1 = port();
      this.port2 = port();
      const wire = (from, to) => {
        from.postMessage = (data) => window.setTimeout(() => to.onmessage?.({ data }), 0);
      };
      wire(this.port1, this.port2);
      wire(this.port2, this.port1);
    }
  };
}

export default class JsdomFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { fetch, Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder, FormData, File, Blob } = globalThis;
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder, FormData, File, Blob });
    this.global.MessageChannel = timerMessageChannel(this.global);
    this.global.matchMedia = (media) => ({
      media,
      matches: false,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    });
    // antd's tables measure the scrollbar through a pseudo-element's style, which jsdom does not
    // implement: it logs a long error on every table render, slowing large suites. Without
    // layout there is no scrollbar, so the element's own style answers as well.
    const getComputedStyle = this.global.getComputedStyle.bind(this.global);
    this.global.getComputedStyle = (element) => getComputedStyle(element);
  }
}
