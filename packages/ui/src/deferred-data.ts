import { useDeferredValue } from 'react';
import type { Middleware, SWRResponse } from 'swr';

/**
 * An SWR middleware that hands a component its data as a deferred value. SWR delivers an answer
 * through `useSyncExternalStore`, which React renders at once in one task: a section of twenty
 * rows blocked a phone's main thread for a quarter of a second. Deferred, the render that draws
 * the data can be interrupted and React yields to the browser between slices. Until that render
 * lands, a first load still reads as loading, and a reload keeps showing the previous answer.
 */
export const deferredData: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const swr = useSWRNext(key, fetcher, config) as SWRResponse;
  const latest = swr.data;
  const data = useDeferredValue(latest);
  return new Proxy(swr, {
    get(target, property, receiver) {
      if (property === 'data') return data;
      if (property === 'isLoading') {
        return target.isLoading || (data === undefined && latest !== undefined);
      }
      return Reflect.get(target, property, receiver);
    },
  });
};
