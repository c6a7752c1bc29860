import type { FieldValues, Resolver } from 'react-hook-form';

/** A react-hook-form resolver whose implementation is loaded on first use (or on `preload()`). */
export type LazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues> = Resolver<
  TFieldValues,
  TContext,
  TTransformedValues
> & {
  /** Starts loading the implementation, e.g. on the form's first input, so the first submit does not wait. */
  preload: () => void;
};

/**
 * `useForm({ resolver: lazyResolver(() => import('./auth-resolvers').then((m) => m.loginResolver)) })`:
 * the form still validates with `zodResolver(sharedSchema)`, but zod and the schemas (~30 KB gzip) load when the user
 * starts typing or submits, not with the page. A failed load is retried on the next validation.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TFieldValues, TContext, TTransformedValues> = async (values, context, options) =>
    (await get())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      get().catch(() => {});
    },
  });
}
