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

/** What a style sheet can say that decides whether an element is shown. */
const SHOWING = new Set(['display', 'visibility']);

/**
 * Strips `rules` down to their display and visibility declarations, deleting the rules left with
 * none. jsdom's cascade takes matching rules in sheet order, so what each element's display and
 * visibility compute to is unchanged.
 */
function keepWhatShows(rules, deleteRule) {
  for (let index = rules.length - 1; index >= 0; index -= 1) {
    const rule = rules[index];
    if (rule.media && rule.cssRules) {
      keepWhatShows(rule.cssRules, (inner) => rule.deleteRule(inner));
      if (rule.cssRules.length > 0) continue;
    } else if (rule.selectorText && rule.style) {
      for (const property of Array.from(rule.style)) if (!SHOWING.has(property)) rule.style.removeProperty(property);
      if (rule.style.length > 0) continue;
    }
    // Keyframes, font faces and layers: jsdom matches no element against them.
    deleteRule(index);
  }
}

/**
 * jsdom's getComputedStyle matches every rule of every style sheet against the element and, for
 * visibility, each of its ancestors; @testing-library's role queries call it for every element
 * they consider and every node of a name they compute (dom-accessibility-api's isHidden). antd
 * generates some 1,600 rules as its components render, more than the 1,000 compiled selectors
 * nwsapi (jsdom's matcher) keeps, so each match compiled its selector again: three quarters of a
 * front-end suite's CPU went there. Tests read computed styles for one thing, whether an element
 * is shown: antd hides a closed menu (openRowActions in rowActions.ts counts the shown ones), a
 * tooltip or an inactive tab by a class whose rule sets display or visibility. So the document's
 * style sheets keep only those two, pruned as they are added (until then the whole sheet gives
 * the same answer). antd's own reads of sizes and overflow (@rc-component's getScrollBarSize,
 * collectScroller) find none, as jsdom lays nothing out anyway.
 */
function keepStyleSheetsToWhatShows(window) {
  const pruned = new WeakSet();
  const prune = () => {
    for (const sheet of Array.from(window.document.styleSheets)) {
      if (pruned.has(sheet)) continue;
      pruned.add(sheet);
      keepWhatShows(sheet.cssRules, (index) => sheet.deleteRule(index));
    }
  };
  new window.MutationObserver(prune).observe(window.document, { childList: true, characterData: true, subtree: true });
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
    keepStyleSheetsToWhatShows(this.global);
  }
}
