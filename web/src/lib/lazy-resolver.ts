import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose module (and the schema library with it) downloads on first
 * use: the form's first validation, or earlier through `prepare`, when the visitor reaches into
 * the form. A download that failed fails that validation (the form's submit reports it) and is
 * tried again on the next.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let loading: Promise<Resolver<T>> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return { resolver, prepare: () => void loaded().catch(() => undefined) };
}
