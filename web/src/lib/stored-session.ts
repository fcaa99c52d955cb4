// Amplify keeps a session's tokens in localStorage, one key per token:
// `CognitoIdentityServiceProvider.<client id>.<user>.accessToken` and its siblings. Without an
// access token it finds no session, so looking for that key answers "signed out" without
// downloading Amplify.

const PREFIX = 'CognitoIdentityServiceProvider.';

const isAccessTokenKey = (key: string | null): boolean =>
  !!key?.startsWith(PREFIX) && key.endsWith('.accessToken');

function browserStorage(): Pick<Storage, 'length' | 'key'> | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}

/**
 * Whether this browser may hold a session. False only when it certainly holds none; storage
 * that cannot be read leaves the answer to Amplify.
 */
export function mayHaveSession(storage: () => Pick<Storage, 'length' | 'key'> | undefined = browserStorage) {
  try {
    const store = storage();
    if (!store) return false; // the build-time render: no visitor, no session
    for (let index = 0; index < store.length; index++) {
      if (isAccessTokenKey(store.key(index))) return true;
    }
    return false;
  } catch {
    return true;
  }
}

/**
 * Calls `listener` when another tab signs in or out (storage events fire in the other tabs
 * only), at each of the keys it writes: the session is whole after the last. Amplify reports
 * this itself once loaded; this covers the time before.
 */
export function onStoredSessionChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
