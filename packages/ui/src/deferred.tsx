import { Children, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Draws its children once the page around it is on screen, in a transition React renders in
 * slices. A page's heading paints at once on a slow phone, and the heavier sections below it
 * follow without one long task that a tap would wait behind. `fallback` holds their place.
 */
export function AfterFirstPaint({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return <>{shown ? children : fallback}</>;
}

/**
 * Draws its children one after another, each in a task of its own. React renders a transition
 * in slices but commits it in one go, so a dashboard of a dozen sections mounted at once is one
 * long task on a phone; mounted in turn, each commit is short and a tap waits behind one at most.
 * Each child appears below the ones before it, so nothing already drawn moves.
 */
export function InTurn({ children }: { children: ReactNode }) {
  const items = Children.toArray(children);
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= items.length) return;
    // A macrotask, not a microtask: the browser paints and handles input between two children.
    const timer = setTimeout(() => startTransition(() => setShown(shown + 1)));
    return () => clearTimeout(timer);
  }, [shown, items.length]);
  return <>{items.slice(0, shown)}</>;
}
