// The account pages a candidate has (candidate-side.md section 2), grouped as a candidate thinks of
// them, with their names: the account navigation lists them all, the app bar's avatar menu a pick
// of them, so a page is named the same in both. Data only, so the app bar of every page can read it
// without the navigation's component and styles.

export const ACCOUNT_NAV = [
  {
    title: 'Mein Profil',
    links: [
      { to: '/mein-dashboard', label: 'Dashboard' },
      { to: '/meine-sedcard', label: 'Meine Sedcard' },
      { to: '/meine-daten', label: 'Meine Daten' },
      { to: '/meine-bilder', label: 'Meine Bilder' },
      { to: '/meine-videos', label: 'Meine Videos' },
      { to: '/meine-dokumente', label: 'Meine Dokumente' },
    ],
  },
  {
    title: 'Jobs',
    links: [
      { to: '/meine-bewerbungen', label: 'Meine Bewerbungen' },
      { to: '/meine-einsaetze', label: 'Meine Einsätze' },
      { to: '/meine-arbeitszeitgrenzen', label: 'Meine Arbeitszeitgrenzen' },
      { to: '/meine-favoriten', label: 'Meine Favoriten' },
      { to: '/meine-job-alerts', label: 'Meine Job-Alerts' },
      { to: '/meine-bewertungen', label: 'Meine Bewertungen' },
    ],
  },
  {
    title: 'Abrechnung',
    links: [
      { to: '/mein-byll-account', label: 'Mein Abrechnungskonto' },
      { to: '/myInvoices', label: 'Meine Rechnungen' },
    ],
  },
  {
    title: 'Konto',
    links: [
      { to: '/meine-einstellungen', label: 'Einstellungen' },
      { to: '/meine-email-aendern', label: 'E-Mail-Adresse ändern' },
      { to: '/mein-passwort-aendern', label: 'Passwort ändern' },
      { to: '/meinen-account-loeschen', label: 'Konto löschen' },
    ],
  },
] as const;

/** Every account page, group after group. */
export const ACCOUNT_PAGES: readonly { to: string; label: string }[] = ACCOUNT_NAV.flatMap((group): readonly { to: string; label: string }[] => group.links);
