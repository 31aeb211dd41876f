// The candidate menu's "Extras" group, shown only with the toggle `extras_navigation` (off by
// default): the pages about what Jobhafen offers besides the job search, and the configured
// special-offer job when there is one. docs/decisions.md, "Candidate flows (web)", says why these.
import type { MenuItem } from './types';

export function withExtras(menu: MenuItem[], specialOfferJobId: number | null): MenuItem[] {
  const children = [
    { text: 'Deine Vorteile', route: '/vorteile' },
    { text: 'Partner', route: '/partner' },
    { text: 'Promoter-Erfahrungen', route: '/promoter-erfahrungen' },
    ...(specialOfferJobId !== null ? [{ text: 'Sonderangebot', route: `/jobs/${specialOfferJobId}` }] : []),
  ];
  return [...menu, { main: { text: 'Extras' }, children }];
}
