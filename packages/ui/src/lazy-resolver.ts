/**
 * `@uapqa/ui/lazy-resolver`: a react-hook-form resolver that fetches its schema with the first
 * validation. zod and the contracts' schemas weigh about 38 KB gzipped; a form on a page that
 * must paint fast (the landing page, the staff dashboards) should not make the page wait for
 * them. Not a shared module: it holds no state, and it imports nothing at run time.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export type LazyResolver<TInput extends FieldValues, TContext, TOutput> = Resolver<
  TInput,
  TContext,
  TOutput
> & {
  /** Starts fetching now, so that the first validation need not wait for the network. */
  preload(): Promise<void>;
};

/**
 * `load` is called once, on the first validation or `preload()`, typically
 * `() => import('./schemas').then((module) => module.loginResolver)`. A failed fetch is tried
 * again at the next validation; until then the submit fails as a network error would.
 */
export function lazyResolver<TInput extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TInput, TContext, TOutput>>,
): LazyResolver<TInput, TContext, TOutput> {
  let loading: Promise<Resolver<TInput, TContext, TOutput>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TInput, TContext, TOutput> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, {
    preload: () =>
      loaded().then(
        () => undefined,
        () => undefined,
      ),
  });
}
