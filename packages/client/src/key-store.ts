/**
 * Where the client keeps its envelope key between calls
 * (docs/protocol.md#keys-and-the-secret). The browser keeps it in
 * localStorage; a CAD client may keep it in memory or in its settings.
 */
export type KeyStore = {
  get(): string | undefined;
  set(key: string): void;
  clear(): void;
};

export function memoryKeyStore(): KeyStore {
  let key: string | undefined;
  return {
    get: () => key,
    set: (k) => {
      key = k;
    },
    clear: () => {
      key = undefined;
    },
  };
}
