/**
 * An AWS SDK package and a client of it, loaded on first use and kept for the container's
 * life. Many Lambdas bundle an adapter they call rarely or never (every one carries the
 * edge's Cognito check for a missing profile; a shared service brings S3 or SES along), and
 * loading an SDK package is most of a cold start: loaded when called, each Lambda pays only
 * for the clients its requests use (scripts/bundle-check.mjs holds every bundle's module load
 * to MAX_LOAD_RATIO times a bare DynamoDB client's).
 */
export function lazySdk<M, C>(
  load: () => Promise<M>,
  create: (sdk: M) => C,
): () => Promise<{ sdk: M; client: C }> {
  let loaded: Promise<{ sdk: M; client: C }> | undefined;
  return () => {
    loaded ??= load()
      .then((sdk) => ({ sdk, client: create(sdk) }))
      .catch((error: unknown) => {
        loaded = undefined; // a failed load is tried again by the next call
        throw error;
      });
    return loaded;
  };
}
