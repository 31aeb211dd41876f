// The server's copy of the cookie banner (STATIC_BANNER_ID, drawn into a first visit's HTML) has
// no React handlers: a choice made on it before React has taken over would be lost, and the
// visitor would have to choose again. This listener, attached as the entry module runs, takes
// such a click as the choice and removes the server's copy; React's banner then stays closed.
import { consentStore } from './consent-store';
import type { ConsentChoice } from '@/shared/lib/consent';

export const STATIC_BANNER_ID = 'jh-consent-banner';
/** The attribute that names a banner button's choice (cookie-banner.tsx, and so the server's copy). */
const CHOICE_ATTRIBUTE = 'data-consent-choice';

function isChoice(value: string | null): value is ConsentChoice {
  return value === 'required' || value === 'all';
}

/** Call once, before React starts. Clicks on React's own banner are React's: they are not inside the server's copy. */
export function acceptEarlyBannerClicks(doc: Document = document): void {
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest(`#${STATIC_BANNER_ID} [${CHOICE_ATTRIBUTE}]`);
      const choice = button?.getAttribute(CHOICE_ATTRIBUTE) ?? null;
      if (!isChoice(choice)) return;
      consentStore.choose(choice);
      doc.getElementById(STATIC_BANNER_ID)?.remove();
    },
    true,
  );
}
