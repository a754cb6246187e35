/**
 * Where the browser keeps the envelope key (docs/protocol.md#keys-and-the-secret):
 * localStorage, so every tab shares one key; in memory only when storage is
 * unavailable (private mode).
 */
import type { KeyStore } from '@ac/client';

export const KEY_STORAGE = 'aesSecretKey';

let inMemory: string | undefined;

export const localStorageKeyStore: KeyStore = {
  get() {
    try {
      return localStorage.getItem(KEY_STORAGE) ?? undefined;
    } catch {
      return inMemory;
    }
  },
  set(key) {
    try {
      localStorage.setItem(KEY_STORAGE, key);
    } catch {
      inMemory = key; // storage unavailable: kept in memory
    }
  },
  clear() {
    inMemory = undefined;
    try {
      localStorage.removeItem(KEY_STORAGE);
    } catch {
      // storage unavailable: nothing kept there
    }
  },
};

/** Forgets the key (the session is cleared; the next call fetches a new one). */
export function forgetKey(): void {
  localStorageKeyStore.clear();
}
