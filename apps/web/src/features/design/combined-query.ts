/** The shape `WhenPhotosLoaded` reads. */
export interface QueryState<T> {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: T | undefined;
}

/** Two queries as one: pending while either is, failed with the first failure, else both answers. */
export function bothQueries<A, B>(first: QueryState<A>, second: QueryState<B>): QueryState<[A, B]> {
  if (first.isError || second.isError) {
    return { isPending: false, isError: true, error: first.error ?? second.error, data: undefined };
  }
  if (first.data === undefined || second.data === undefined) {
    return { isPending: true, isError: false, error: null, data: undefined };
  }
  return { isPending: false, isError: false, error: null, data: [first.data, second.data] };
}
