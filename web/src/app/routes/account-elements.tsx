// The account area's pages by route path (/mein-dashboard, /meine-daten, ...): the route table
// (router.tsx) mounts each at its path, and a content page's account-* section draws the same
// element (content-feature-sections.tsx). Each page is its own chunk.
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { CandidateAccount } from '@/shared/auth/use-user';

const AccountPage = lazy(() => import('./account-page').then((m) => ({ default: m.AccountPage })));
// One frame for every account page (sign-in prompt for visitors, the account navigation).
const AccountFrame = lazy(() => import('@/features/account/components/account-frame').then((m) => ({ default: m.AccountFrame })));
const MyShiftsPage = lazy(() => import('@/features/shifts/routes/my-shifts-page').then((m) => ({ default: m.MyShiftsPage })));
const CheckInPage = lazy(() => import('@/features/shifts/routes/check-in-page').then((m) => ({ default: m.CheckInPage })));
const ShiftOfferPage = lazy(() => import('@/features/shifts/routes/shift-offer-page').then((m) => ({ default: m.ShiftOfferPage })));
const PoolInvitationPage = lazy(() => import('@/features/shifts/routes/pool-invitation-page').then((m) => ({ default: m.PoolInvitationPage })));
// The candidate's pools, on her settings page beside the data export (her consents in one place).
const MyPoolMemberships = lazy(() => import('@/features/shifts/components/my-pool-memberships').then((m) => ({ default: m.MyPoolMemberships })));
const WorkLimitsPage = lazy(() => import('@/features/shifts/routes/work-limits-page').then((m) => ({ default: m.WorkLimitsPage })));
const MyApplicationsPage = lazy(() => import('@/features/applications/routes/my-applications-page').then((m) => ({ default: m.MyApplicationsPage })));
const MyRatingsPage = lazy(() => import('@/features/ratings/routes/my-ratings-page').then((m) => ({ default: m.MyRatingsPage })));
const MyFavoritesPage = lazy(() => import('@/features/favorites/routes/my-favorites-page').then((m) => ({ default: m.MyFavoritesPage })));
const settings = () => import('@/features/account-settings/routes/pages');
const SettingsPage = lazy(() => settings().then((m) => ({ default: m.SettingsPage })));
const ChangeEmailPage = lazy(() => settings().then((m) => ({ default: m.ChangeEmailPage })));
const ChangePasswordPage = lazy(() => settings().then((m) => ({ default: m.ChangePasswordPage })));
const DeleteAccountPage = lazy(() => settings().then((m) => ({ default: m.DeleteAccountPage })));
// The account area's pages (dashboard, sedcard, data, uploads, alerts, billing): each its own chunk.
const account = {
  'mein-dashboard': lazy(() => import('@/features/account/routes/dashboard-page').then((m) => ({ default: m.DashboardPage }))),
  'meine-sedcard': lazy(() => import('@/features/account/routes/sedcard-page').then((m) => ({ default: m.SedcardPage }))),
  'meine-daten': lazy(() => import('@/features/account/routes/data-page').then((m) => ({ default: m.DataPage }))),
  'meine-dokumente': lazy(() => import('@/features/account/routes/documents-page').then((m) => ({ default: m.DocumentsPage }))),
  'meine-bilder': lazy(() => import('@/features/account/routes/images-page').then((m) => ({ default: m.ImagesPage }))),
  'meine-videos': lazy(() => import('@/features/account/routes/videos-page').then((m) => ({ default: m.VideosPage }))),
  'meine-job-alerts': lazy(() => import('@/features/account/routes/job-alerts-page').then((m) => ({ default: m.JobAlertsPage }))),
  'mein-byll-account': lazy(() => import('@/features/account/routes/billing-page').then((m) => ({ default: m.BillingPage }))),
  myInvoices: lazy(() => import('@/features/account/routes/invoices-page').then((m) => ({ default: m.InvoicesPage }))),
} as Record<string, ComponentType | undefined>;
export const ACCOUNT_ROUTES: [string, string][] = [
  ['mein-dashboard', 'Dashboard'],
  ['meine-sedcard', 'Meine Sedcard'],
  ['meine-daten', 'Meine Daten'],
  ['meine-dokumente', 'Meine Dokumente'],
  ['meine-bilder', 'Meine Bilder'],
  ['meine-videos', 'Meine Videos'],
  ['meine-bewerbungen', 'Meine Bewerbungen'],
  ['meine-einsaetze', 'Meine Einsätze'],
  ['meine-arbeitszeitgrenzen', 'Meine Arbeitszeitgrenzen'],
  ['meine-bewertungen', 'Meine Bewertungen'],
  ['meine-favoriten', 'Meine Favoriten'],
  ['meine-job-alerts', 'Meine Job-Alerts'],
  ['meine-einstellungen', 'Einstellungen'],
  ['meine-email-aendern', 'E-Mail-Adresse ändern'],
  ['mein-passwort-aendern', 'Passwort ändern'],
  ['meinen-account-loeschen', 'Konto löschen'],
  ['mein-byll-account', 'Mein Abrechnungskonto'],
  ['myInvoices', 'Meine Rechnungen'],
];

// Account pages that take the signed-in account from the shared frame (the data pages of
// `account` bring their frame themselves).
const ACCOUNT_SECTIONS: Record<string, (user: CandidateAccount) => ReactNode> = {
  'meine-bewerbungen': () => <MyApplicationsPage />,
  'meine-einsaetze': () => <MyShiftsPage />,
  'meine-arbeitszeitgrenzen': () => <WorkLimitsPage />,
  'meine-bewertungen': (user) => <MyRatingsPage user={user} />,
  'meine-favoriten': () => <MyFavoritesPage />,
  'meine-einstellungen': (user) => (
    <>
      <SettingsPage user={user} />
      <MyPoolMemberships />
    </>
  ),
  'meine-email-aendern': (user) => <ChangeEmailPage user={user} />,
  'mein-passwort-aendern': (user) => <ChangePasswordPage user={user} />,
  'meinen-account-loeschen': (user) => <DeleteAccountPage user={user} />,
};

/** /einsatz-angebot/:id, the link of a refill offer's mail (docs/shifts.md "Waitlist and refill"). */
export const shiftOfferElement = () => <AccountFrame title="Platz übernehmen">{() => <ShiftOfferPage />}</AccountFrame>;

/** /einchecken?code=…, the address in a shift's QR code (docs/shifts.md "Checking in and out by QR code"). */
export const checkInElement = () => <AccountFrame title="Einchecken">{() => <CheckInPage />}</AccountFrame>;

/** /pool-einladung/:id, the link of a pool invitation's mail (docs/shifts.md "The pool of regulars"). */
export const poolInvitationElement = () => <AccountFrame title="Einladung in den Pool">{() => <PoolInvitationPage />}</AccountFrame>;

/** The element of an account route, by its path; on a content page, its account section (content-feature-sections.tsx). */
export const accountElement = (path: string, title: string) => {
  const Page = account[path];
  if (Page) return <Page />;
  const section = ACCOUNT_SECTIONS[path];
  return section ? <AccountFrame title={title}>{section}</AccountFrame> : <AccountPage title={title} />;
};

