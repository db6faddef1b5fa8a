import { type ReactNode, startTransition, useEffect, useState } from 'react';

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
