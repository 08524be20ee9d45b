// jsdom has no fetch (nor TextEncoder, MessageChannel): give tests Node's real one (with its own AbortController, which its
// fetch insists on) so the client is exercised against a real HTTP server. jsdom has no
// matchMedia either, which antd's grid subscribes to: no media query matches, as on a
// narrow screen.
import { TestEnvironment } from 'jest-environment-jsdom';

export default class JsdomFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { fetch, Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder, MessageChannel } = globalThis;
    Object.assign(this.global, { fetch, Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder, MessageChannel });
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
  }
}
