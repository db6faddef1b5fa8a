import { configure } from '@testing-library/react';

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

// The admin dashboard mounts its sections one after another (a task each, as on a phone); in
// jsdom on a busy machine the last of them can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });
