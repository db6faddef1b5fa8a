import { useLocation, useNavigationType } from '@uapqa/ui/router';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** Where each history entry was scrolled to, by the router's entry key; kept across reloads. */
const STORAGE_KEY = 'uapqa:scroll-positions';
/** How long a restore waits for the page to grow tall enough (its data, a remote's code). */
const RESTORE_WAIT_MS = 5_000;
/** Entries remembered: a long session's oldest positions are dropped. */
const MAX_ENTRIES = 100;

function readSaved(): Map<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    return new Map(saved.filter(([key, top]) => typeof key === 'string' && Number.isFinite(top)));
  } catch {
    return new Map();
  }
}

function save(positions: Map<string, number>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    // Storage full or refused (private mode): positions are still kept for this page's life.
  }
}

/**
 * Scrolls to `top` once the page is tall enough to reach it: a page coming back draws its
 * spinner first and its content when its data (or its remote's code) arrives. Gives up after
 * RESTORE_WAIT_MS, or as soon as the reader scrolls, clicks or types themselves.
 */
function restore(top: number): () => void {
  const root = document.documentElement;
  const tryNow = () => {
    if (root.scrollHeight - window.innerHeight >= top) {
      window.scrollTo(0, top);
      return true;
    }
    return false;
  };
  if (tryNow()) return () => {};
  const observer = new ResizeObserver(() => {
    if (tryNow()) stop();
  });
  const timer = window.setTimeout(() => {
    // As far as the page goes: the reader lands near where they were rather than at the top.
    window.scrollTo(0, top);
    stop();
  }, RESTORE_WAIT_MS);
  const interrupted = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of interrupted) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of interrupted) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * Scroll positions as a reader expects them from a site of separate pages. React Router's own
 * `<ScrollRestoration>` needs a data router, whose code the shell leaves out of the first paint
 * (see `@uapqa/ui/router`), so this does the same for `<BrowserRouter>`: a new page (a link, a
 * redirect) starts at its top, or at its `#anchor`; Back and Forward return to where that page
 * was left. Changes of the query string alone (a filter in the archive) are new entries too,
 * and start at the top like any other.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  // A fresh load's entry is always "default": the address tells two of them apart.
  const entry = `${location.key} ${location.pathname}${location.search}`;
  const current = useRef(entry);

  useEffect(() => {
    // The browser's own restoration would fight ours on Back, before the page is drawn.
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    positions.current ??= readSaved();
    const record = () => positions.current?.set(current.current, window.scrollY);
    const persist = () => positions.current && save(positions.current);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readSaved();
    // Not read here for the page being left: its content is already replaced, so the browser
    // may have cut the position short. Its last scroll event recorded it.
    current.current = entry;
    if (navigationType === 'POP') {
      const top = positions.current.get(entry);
      if (top !== undefined) return restore(top);
      return undefined;
    }
    const anchor = location.hash
      ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
      : null;
    if (anchor) anchor.scrollIntoView();
    else window.scrollTo(0, 0);
    // Recorded now as well as by the scroll events to come: a page reached at the top from the
    // top scrolls nothing, and one left before its scroll event ran (a busy machine) would have no
    // position either. Back or Forward to it would then keep the last page's position.
    positions.current.set(entry, window.scrollY);
    return undefined;
  }, [entry, location.hash, navigationType]);
}
