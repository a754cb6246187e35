/**
 * Route chunks that have not loaded after 120 seconds count as failed
 * (docs/protocol.md#answers-and-error-codes): the router then shows the load-error page with its retry.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`The page did not load within ${CHUNK_TIMEOUT_MS / 1000} seconds`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** `load` (a lazy route's import) rejected with ChunkLoadTimeoutError when it takes longer than `ms`. */
export function withChunkTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}
