// Reading and writing first-party cookies (consent, visitor id, campaign values).
// The auth cookies are HttpOnly and never touched here.

// No document while a page is prerendered at build time: no cookies then.
export function readCookie(name: string, cookieString = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export type CookieOptions = { maxAgeSeconds: number; secure?: boolean };

export function writeCookie(name: string, value: string, { maxAgeSeconds, secure }: CookieOptions) {
  // Secure only where the browser accepts it (https, or localhost during development),
  // otherwise the cookie would be dropped silently.
  const secureFlag = (secure ?? true) && window.isSecureContext ? '; Secure' : '';
  document.cookie =
    `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax` + secureFlag;
}
