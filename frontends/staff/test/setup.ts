// jsdom has no ResizeObserver; Radix primitives measure with it.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom lacks the pointer-capture and scrolling APIs the Radix select calls when it opens.
const elementProto = globalThis.Element?.prototype as
  | (Element & Record<string, unknown>)
  | undefined;
if (elementProto) {
  elementProto.hasPointerCapture ??= () => false;
  elementProto.setPointerCapture ??= () => {};
  elementProto.releasePointerCapture ??= () => {};
  elementProto.scrollIntoView ??= () => {};
}
