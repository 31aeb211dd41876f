// A loading place of a page the server drew (shared/lib/server-paint.ts): shows the server's
// picture of the page (or of its part `selector`) instead of the loading notice, so the content
// does not disappear while the app's own page gets its code or data.
import type { ReactNode } from 'react';
import { serverPaintHtml } from '@/shared/lib/server-paint';

export function ServerPaintOr({ selector, children }: { selector?: string; children: ReactNode }) {
  const html = serverPaintHtml(selector);
  if (html === null) return children;
  // The server escaped every text it put in (reactor/html.h); the HTML is the page's own.
  return <div className="server-paint-frame" dangerouslySetInnerHTML={{ __html: html }} />;
}
