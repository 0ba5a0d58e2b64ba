// What jsdom lacks for cmdk's listbox (the palette and every picker): a ResizeObserver and scrollIntoView. Imported
// only by the tests that open a picker, because a global ResizeObserver changes how other components behave in jsdom.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = function scrollIntoView() {};
