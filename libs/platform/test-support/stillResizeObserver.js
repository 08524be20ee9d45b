// jsdom has no layout, hence no ResizeObserver, which antd's tables, selects and menus watch
// their size with: nothing ever resizes. Listed in a Jest config's setupFiles.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class StillResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
