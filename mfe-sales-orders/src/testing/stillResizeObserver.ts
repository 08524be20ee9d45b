// antd's menus and tooltips watch their trigger's size, and jsdom has no ResizeObserver (nor
// layout): an observer that never reports stands in. Import before rendering.
class StillResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof globalThis.ResizeObserver === 'undefined') {
  Object.assign(globalThis, { ResizeObserver: StillResizeObserver });
}
