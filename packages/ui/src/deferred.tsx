import { Children, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has painted the next frame: a task queued from inside an
 * animation frame runs after that frame's paint. (An effect alone can run before the first
 * paint, and what it starts — the requests of a dozen sections — then delays that paint.)
 * Returns a cancel function. Where frames are not drawn (jsdom), a task is enough.
 */
function afterNextPaint(callback: () => void): () => void {
  if (typeof requestAnimationFrame === 'undefined') {
    const timer = setTimeout(callback);
    return () => clearTimeout(timer);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Runs `callback` after the page's first contentful paint has reached the screen (the browser
 * reports it once presented, which comes later than the frame's task ends), or after the next
 * paint when that has long happened (a page opened by a link inside the site) or is never
 * reported (no browser).
 */
function afterFirstContentfulPaint(callback: () => void): () => void {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const reported =
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!reported || painted()) return afterNextPaint(callback);
  let cancel = () => {};
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    cancel = afterNextPaint(callback);
  });
  observer.observe({ type: 'paint' });
  return () => {
    observer.disconnect();
    cancel();
  };
}

/**
 * Draws its children once the page around it is on screen, in a transition React renders in
 * slices. A page's heading paints at once on a slow phone, and the heavier sections below it,
 * and their requests, follow without one long task that a tap would wait behind. `fallback`
 * holds their place.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => afterFirstContentfulPaint(() => startTransition(() => setShown(true))), []);
  return <>{shown ? children : fallback}</>;
}

/**
 * Draws its children one after another, a painted frame apart. React renders a transition in
 * slices but commits it in one go, so a dashboard of a dozen sections mounted at once is one
 * long task on a phone; mounted in turn, each commit is short and a tap waits behind one at most.
 * Each child appears below the ones before it, so nothing already drawn moves.
 */
export function InTurn({ children }: { children: ReactNode }) {
  const items = Children.toArray(children);
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= items.length) return;
    return afterNextPaint(() => startTransition(() => setShown(shown + 1)));
  }, [shown, items.length]);
  return <>{items.slice(0, shown)}</>;
}
