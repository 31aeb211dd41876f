// The fixed menu data of both audiences (site-shell-and-providers.md, section 2, "Menus").
// The content API (`GET /api/content/menus`) may deliver newer menus; when it fails, these are
// shown, so navigation never depends on the content system being up.
import { MENU_CITIES } from '@/shared/lib/cities';
import type { FooterColumn, MenuEntry, MenuItem, Menus, SocialLink } from './types';

export { MENU_CITIES };

const page = (text: string, slug: string, extra: Partial<MenuEntry> = {}): MenuEntry => ({
  text,
  page: { slug },
  ...extra,
});


const candidateMenu: MenuItem[] = [
  { main: page('Alle Jobs', 'jobs') },
  {
    main: { text: 'Jobarten' },
    children: [
      page('Promotionjobs', 'landingpages-promotionjobs'),
      page('Messejobs', 'landingpages-messejobs'),
      page('Eventjobs', 'landingpages-eventjobs'),
      page('Studentenjobs', 'landingpages-studentenjobs'),
      page('Rentnerjobs', 'landingpages-rentnerjobs'),
      page('Schülerjobs', 'landingpages-schuelerjobs'),
      page('Nebenjobs', 'landingpages-nebenjobs'),
      page('Gastrojobs', 'landingpages-gastrojobs'),
      page('Ferienjobs', 'landingpages-ferienjobs'),
    ],
  },
  {
    main: page('Jobs nach Stadt', 'landingpages-cities'),
    children: MENU_CITIES.map((city) => ({ text: city.name, city: { slug: city.slug } })),
  },
  { main: page('Jobs nach Tätigkeit', 'landingpages-activities') },
  { main: page('Jobanbieter', 'organizations') },
  { main: page('Tipps & FAQ', 'articles') },
  { main: page('Homeoffice-Jobs', 'homeoffice-jobs') },
  { main: page('Festivaljobs', 'festivaljobs') },
];

const candidateFooter: FooterColumn[] = [
  {
    title: 'Jobs finden',
    entries: [page('Alle Jobs', 'jobs'), page('Jobs nach Stadt', 'landingpages-cities'), page('Jobs nach Tätigkeit', 'landingpages-activities')],
  },
  {
    title: 'Wissen',
    entries: [
      page('Wiki', 'wikis'),
      page('Messen & Events', 'events'),
      page('Promoter-Erfahrungen', 'promoter-erfahrungen'),
      page('Tipps & FAQ', 'articles'),
      { text: 'Forum', href: 'https://forum.jobhafen.de/', target: '_blank' },
    ],
  },
  {
    title: 'Jobhafen',
    entries: [page('Über uns', 'ueber-uns'), page('Vorteile', 'vorteile'), page('Partner', 'partner'), page('Kontakt', 'kontakt')],
  },
  {
    title: 'Rechtliches',
    entries: [page('Impressum', 'impressum'), page('Datenschutz', 'datenschutz'), page('AGB und Nutzungsbedingungen', 'agb-and-nutzungsbedingungen')],
  },
];

const organizationMenu: MenuItem[] = [
  { main: page('Job inserieren', 'job-inserieren') },
  {
    main: page('Lösungen', 'loesungen'),
    children: [
      { text: 'Stellenanzeigen', type: 'middle' },
      page('Job-Inserate', 'job-inserate'),
      page('Stellenanzeigen-Pakete', 'stellenanzeigen-pakete'),
      page('Stellenanzeigen-Kontingente', 'stellenanzeigen-kontingente'),
      { text: 'Mehr Reichweite', type: 'middle' },
      page('Bewerberdatenbank', 'bewerberdatenbank'),
      page('Multiposting', 'multiposting'),
      page('Sonderwerbeformen', 'sonderwerbeformen'),
    ],
  },
  {
    main: { text: 'Personal finden' },
    children: [
      page('Promotionpersonal finden', 'promotionpersonal-finden'),
      page('Messepersonal finden', 'messepersonal-finden'),
      page('Eventpersonal finden', 'eventpersonal-finden'),
      page('Gastronomiepersonal finden', 'gastronomiepersonal-finden'),
    ],
  },
  { main: page('Warum Jobhafen?', 'warum-jobhafen') },
  { main: { text: 'HR-Wissen', route: '/recruiting/hr-wissen' } },
  { main: { text: 'Wiki', route: '/recruiting/wiki' } },
  { main: { text: 'Kontakt', type: 'dialog', dialogUrl: '?topic=general_request&generalContact=1' } },
  { main: { text: 'Kostenlos registrieren', type: 'dialog', dialogUrl: '?registration=1', scheme: 'yellow' } },
];

const organizationFooter: FooterColumn[] = [
  {
    title: 'Angebot',
    entries: [page('Job inserieren', 'job-inserieren'), page('Stellenanzeigen-Pakete', 'stellenanzeigen-pakete'), page('Bewerberdatenbank', 'bewerberdatenbank'), page('Multiposting', 'multiposting')],
  },
  {
    title: 'Wissen',
    entries: [{ text: 'HR-Wissen', route: '/recruiting/hr-wissen' }, { text: 'Wiki', route: '/recruiting/wiki' }, page('Warum Jobhafen?', 'warum-jobhafen')],
  },
  {
    title: 'Rechtliches',
    entries: [page('Kontaktdaten', 'kontaktdaten'), page('Impressum', 'impressum'), page('Datenschutzhinweise', 'datenschutzhinweise'), page('AGB und Nutzungsbedingungen', 'agb-nutzungsbedingungen')],
  },
];

/** The candidate footer's social links (four networks and the maps listing), as the server's menus have them. */
const SOCIAL_LINKS: SocialLink[] = [
  { label: 'Instagram', href: 'https://www.instagram.com/jobhafen' },
  { label: 'Facebook', href: 'https://www.facebook.com/jobhafen' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/jobhafen' },
  { label: 'TikTok', href: 'https://www.tiktok.com/@jobhafen' },
  { label: 'Google Maps', href: 'https://maps.google.com/?q=Jobhafen' },
];

export const FALLBACK_MENUS: Menus = {
  candidate: { menu: candidateMenu, footer: candidateFooter, social: SOCIAL_LINKS },
  organization: { menu: organizationMenu, footer: organizationFooter, social: [] },
};

