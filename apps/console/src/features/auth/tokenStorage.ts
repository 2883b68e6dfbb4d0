// §9: "Token kept in session storage, or local storage when autoLogin is set."
export const ACCESS_TOKEN_KEY = 'console.accessToken';

export interface StoredToken {
  token: string;
  remember: boolean;
}

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch (_error) {
    return fallback;
  }
}

export function readStoredToken(): StoredToken | null {
  const session = safely(() => window.sessionStorage.getItem(ACCESS_TOKEN_KEY), null);
  if (session) return { token: session, remember: false };
  const local = safely(() => window.localStorage.getItem(ACCESS_TOKEN_KEY), null);
  return local ? { token: local, remember: true } : null;
}

export function storeToken({ token, remember }: StoredToken): void {
  clearStoredToken();
  const target = remember ? window.localStorage : window.sessionStorage;
  safely(() => target.setItem(ACCESS_TOKEN_KEY, token), undefined);
}

export function clearStoredToken(): void {
  safely(() => window.sessionStorage.removeItem(ACCESS_TOKEN_KEY), undefined);
  safely(() => window.localStorage.removeItem(ACCESS_TOKEN_KEY), undefined);
}
