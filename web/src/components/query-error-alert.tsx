/** A query's failure (ErrorAlert with a Retry button that refetches it); nothing while it has no error. */
import { ErrorAlert } from './error-alert';

type FailableQuery = { error: unknown; refetch: () => Promise<unknown> };

export function QueryErrorAlert({ query }: { query: FailableQuery }) {
  if (!query.error) return null;
  return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
}
