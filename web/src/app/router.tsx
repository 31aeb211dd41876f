// The route table (candidate-side.md section 2, site-shell-and-providers.md section 2). The
// layouts and the content page renderer (start page, landing pages) are in the main bundle because almost every visit begins there;
// every other page is its own chunk (React.lazy), loaded on first visit, so the first page's
// JavaScript stays small. Static segments rank above parameters, so /jobs/suche is never read
// as a job slug.
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ErrorView } from '@/features/content/components/error-view';
import { JOB_TYPES } from '@/features/jobs/lib/job-types';
import { BareLayout, DefaultLayout, OauthLayout, OrganizationLayout } from './layout/layouts';
import { ErrorPageFailure, ErrorRoute, LayoutError, NotFoundRoute, RouteError } from './routes/error-page';
import { ComposedContentPage as ContentPage, ComposedErrorView } from './routes/composed-content-page';
import { ContentLandingPage } from './routes/content-landing-page';
import { ACCOUNT_ROUTES, accountElement, checkInElement, shiftOfferElement, poolInvitationElement } from './routes/account-elements';

const jobs = () => import('@/features/jobs/routes/job-search-page');
const JobSearchPage = lazy(() => jobs().then((m) => ({ default: m.JobSearchPage })));
const JobDetailPage = lazy(() => import('@/features/jobs/routes/job-detail-page').then((m) => ({ default: m.JobDetailPage })));
const JobNotFoundPage = lazy(() => import('@/features/jobs/routes/job-not-found-page').then((m) => ({ default: m.JobNotFoundPage })));
const JobApplicationPage = lazy(() => import('@/features/jobs/routes/job-application-page').then((m) => ({ default: m.JobApplicationPage })));
const OrganizationsPage = lazy(() => import('@/features/organizations/routes/organizations-page').then((m) => ({ default: m.OrganizationsPage })));
const OrganizationPage = lazy(() => import('@/features/organizations/routes/organization-page').then((m) => ({ default: m.OrganizationPage })));
const collections = () => import('@/features/content/routes/content-collection');
const CollectionListPage = lazy(() => collections().then((m) => ({ default: m.CollectionListPage })));
const CollectionEntryPage = lazy(() => collections().then((m) => ({ default: m.CollectionEntryPage })));
const OauthPage = lazy(() => import('./routes/oauth-pages').then((m) => ({ default: m.OauthPage })));
const VerifyEmailPage = lazy(() => import('@/features/auth/routes/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));
const ResetPasswordPage = lazy(() => import('@/features/auth/routes/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const UndoEmailChangePage = lazy(() =>
  import('@/features/account-settings/routes/undo-email-change-page').then((m) => ({ default: m.UndoEmailChangePage })),
);
const OauthErrorPage = lazy(() => import('./routes/oauth-pages').then((m) => ({ default: m.OauthErrorPage })));
const JobAlertUnsubscribePage = lazy(() =>
  import('@/features/account/routes/job-alert-unsubscribe-page').then((m) => ({ default: m.JobAlertUnsubscribePage })),
);
const NewsletterConfirmPage = lazy(() => import('@/features/content/routes/newsletter-confirm-page').then((m) => ({ default: m.NewsletterConfirmPage })));
const JobAlertConfirmPage = lazy(() => import('@/features/account/routes/job-alert-confirm-page').then((m) => ({ default: m.JobAlertConfirmPage })));
// The provider portal (behind the organization login): its own chunks, never loaded by visitors.
const ProviderSignInPage = lazy(() => import('@/features/portal-sign-in/routes/sign-in-page').then((m) => ({ default: m.SignInPage })));
const ProviderDashboardPage = lazy(() => import('@/features/portal-jobs/routes/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const ProviderShiftCalendarPage = lazy(() => import('@/features/portal-shifts/routes/shift-calendar-page').then((m) => ({ default: m.ShiftCalendarPage })));
const ProviderTimeRecordsPage = lazy(() => import('@/features/portal-shifts/routes/time-records-page').then((m) => ({ default: m.TimeRecordsPage })));
const ProviderMonthlyReportPage = lazy(() => import('@/features/portal-report/routes/monthly-report-page').then((m) => ({ default: m.MonthlyReportPage })));
const ProviderJobShiftsPage = lazy(() => import('@/features/portal-shifts/routes/job-shifts-page').then((m) => ({ default: m.JobShiftsPage })));
const ProviderJobListPage = lazy(() => import('@/features/portal-jobs/routes/job-list-page').then((m) => ({ default: m.JobListPage })));
const ProviderJobImportPage = lazy(() => import('@/features/portal-jobs/routes/job-import-page').then((m) => ({ default: m.JobImportPage })));
const ProviderJobEditorPage = lazy(() => import('./routes/provider-job-editor-page').then((m) => ({ default: m.ProviderJobEditorPage })));
const ProviderProfilePage = lazy(() => import('@/features/portal-profile/routes/profile-page').then((m) => ({ default: m.ProfilePage })));
const ProviderApplicantListPage = lazy(() => import('@/features/portal-applicants/routes/applicant-list-page').then((m) => ({ default: m.ApplicantListPage })));
const ProviderApplicantPage = lazy(() => import('@/features/portal-applicants/routes/applicant-page').then((m) => ({ default: m.ApplicantPage })));
const ProviderCandidateSearchPage = lazy(() => import('./routes/provider-candidate-search-pages').then((m) => ({ default: m.ProviderCandidateSearchPage })));
const ProviderCandidateDetailPage = lazy(() => import('./routes/provider-candidate-search-pages').then((m) => ({ default: m.ProviderCandidateDetailPage })));
const ProviderPoolPage = lazy(() => import('@/features/portal-applicants/routes/pool-page').then((m) => ({ default: m.PoolPage })));
const ProviderTeamPage = lazy(() => import('@/features/portal-team/routes/team-page').then((m) => ({ default: m.TeamPage })));
const ProviderInvitationPage = lazy(() => import('@/features/portal-sign-in/routes/invitation-page').then((m) => ({ default: m.InvitationPage })));
const ProviderResetPasswordPage = lazy(() => import('@/features/portal-sign-in/routes/set-password-page').then((m) => ({ default: m.ProviderResetPasswordPage })));
const ProviderForgotPasswordPage = lazy(() => import('@/features/portal-sign-in/routes/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
const OrganizationReviewPage = lazy(() => import('@/features/organization-review/review-page').then((m) => ({ default: m.ReviewPage })));
const JobReviewPage = lazy(() => import('@/features/job-review/job-review-page').then((m) => ({ default: m.JobReviewPage })));

const EVENTS = { base: '/messen-events', title: 'Messen & Events', intro: 'Messen und Events, auf denen Promoter und Hostessen gebraucht werden.', collection: 'events', categories: 'event-categories', categoryField: 'event_category' } as const;
const TIPS = { base: '/tipps-faq', title: 'Tipps & FAQ', intro: 'Tipps rund um Nebenjobs, Bewerbung und Arbeiten als Promoter.', collection: 'articles', categories: 'article-categories', categoryField: 'article_category', filter: { scope: 'candidate' } } as const;
const WIKI = { base: '/wiki', title: 'Wiki', intro: 'Begriffe aus der Welt der Promotion-, Messe- und Eventjobs – kurz erklärt.', collection: 'wikis', filter: { scope: 'candidate' } } as const;
const HR = { base: '/recruiting/hr-wissen', title: 'HR-Wissen', intro: 'Muster, Vorlagen und Tipps für Ihre Personalsuche.', collection: 'articles', categories: 'article-categories', categoryField: 'article_category', audience: 'organization', filter: { scope: 'organization' } } as const;
const HR_WIKI = { base: '/recruiting/wiki', title: 'Wiki für Arbeitgeber', intro: 'Begriffe aus Recruiting und Personaleinsatz – kurz erklärt.', collection: 'wikis', audience: 'organization', filter: { scope: 'organization' } } as const;

const candidatePages: RouteObject[] = [
  { index: true, element: <ContentLandingPage slug="home" isHome /> },
  { path: 'jobs', element: <JobSearchPage kind="list" /> },
  { path: 'joblisting', element: <Navigate to="/jobs" replace /> },
  { path: 'jobs/suche', element: <JobSearchPage kind="query" /> },
  { path: 'jobs/suche-als/*', element: <JobSearchPage kind="activities" /> },
  { path: 'jobs/suche-nach/:what', element: <JobSearchPage kind="what" /> },
  { path: 'jobs/job-nicht-gefunden', element: <JobNotFoundPage /> },
  { path: 'jobs/:slug', element: <JobDetailPage errorView={(status, message) => <ComposedErrorView status={status} message={message} />} /> },
  { path: 'job-detail-page', element: <Navigate to="/jobs" replace /> },
  { path: 'jobs-bewerbung/:slug', element: <JobApplicationPage /> },
  // Landing pages come from their content page (docs/content.md, "Shipped page slugs").
  { path: 'jobs-stadt', element: <ContentLandingPage slug="landingpages-cities" /> },
  { path: 'jobs-stadt/:city', element: <ContentLandingPage slug="landingpages-cities-city" /> },
  { path: 'jobs-stadt/:city/als/:activity', element: <ContentLandingPage slug="landingpages-cities-city-activity" /> },
  { path: 'jobs-taetigkeit', element: <ContentLandingPage slug="landingpages-activities" /> },
  { path: 'jobs-taetigkeit/:activity', element: <ContentLandingPage slug="landingpages-activities-activity" /> },
  ...JOB_TYPES.flatMap((jobType) => {
    const slug = `landingpages-${jobType.path.slice(1)}`;
    return [
      { path: jobType.path.slice(1), element: <ContentLandingPage slug={slug} /> },
      { path: `${jobType.path.slice(1)}/:city`, element: <ContentLandingPage slug={slug} /> },
    ];
  }),
  { path: 'jobanbieter', element: <OrganizationsPage /> },
  { path: 'jobanbieter/:slug', element: <OrganizationPage notFound={<ErrorView status={404} />} /> },
  { path: 'messen-events', element: <CollectionListPage route={EVENTS} /> },
  { path: 'messen-events/:category', element: <CollectionListPage route={EVENTS} /> },
  { path: 'messen-events/:category/:entry', element: <CollectionEntryPage route={EVENTS} /> },
  { path: 'tipps-faq', element: <CollectionListPage route={TIPS} /> },
  { path: 'artikel-faq', element: <Navigate to="/tipps-faq" replace /> },
  { path: 'artikel-faq-detail-page', element: <Navigate to="/tipps-faq" replace /> },
  { path: 'faqs', element: <ContentPage slug="faqs" /> },
  { path: 'tipps-faq/:category', element: <CollectionListPage route={TIPS} /> },
  { path: 'tipps-faq/:category/:entry', element: <CollectionEntryPage route={TIPS} /> },
  { path: 'wiki', element: <CollectionListPage route={WIKI} /> },
  { path: 'wiki/:slug', element: <CollectionEntryPage route={WIKI} /> },
  ...ACCOUNT_ROUTES.map(([path, title]) => ({ path, element: accountElement(path, title) })),
  { path: 'einsatz-angebot/:id', element: shiftOfferElement() },
  { path: 'einchecken', element: checkInElement() },
  { path: 'pool-einladung/:id', element: poolInvitationElement() },
  { path: 'email-bestaetigen/:token', element: <VerifyEmailPage /> },
  { path: 'passwort-zuruecksetzen/:token', element: <ResetPasswordPage /> },
  { path: 'email-aenderung-widerrufen/:token', element: <UndoEmailChangePage /> },
  { path: 'passwort-festlegen/:token', element: <ResetPasswordPage first /> },
  { path: 'job-alert-bestaetigen/:id/:token', element: <JobAlertConfirmPage /> },
  { path: 'job-alert-abmelden/:token', element: <JobAlertUnsubscribePage /> },
  { path: 'newsletter-bestaetigen/:token', element: <NewsletterConfirmPage /> },
  { path: ':slug', element: <ContentPage /> },
  { path: '*', element: <NotFoundRoute /> },
];

const organizationPages: RouteObject[] = [
  { index: true, element: <ContentPage slug="recruiting" audience="organization" /> },
  { path: 'hr-wissen', element: <CollectionListPage route={HR} /> },
  { path: 'hr-wissen/:category', element: <CollectionListPage route={HR} /> },
  { path: 'hr-wissen/:category/:entry', element: <CollectionEntryPage route={HR} /> },
  { path: 'wiki', element: <CollectionListPage route={HR_WIKI} /> },
  { path: 'wiki/:slug', element: <CollectionEntryPage route={HR_WIKI} /> },
  { path: 'portal', element: <ProviderDashboardPage /> },
  { path: 'portal/anmelden', element: <ProviderSignInPage /> },
  { path: 'portal/stellenanzeigen', element: <ProviderJobListPage /> },
  { path: 'portal/stellen-importieren', element: <ProviderJobImportPage /> },
  // "neu" and a job's id share one route: saving a new draft moves to its address inside the same page.
  { path: 'portal/stellenanzeigen/:id', element: <ProviderJobEditorPage /> },
  { path: 'portal/stellenanzeigen/:id/einsaetze', element: <ProviderJobShiftsPage /> },
  { path: 'portal/einsaetze', element: <ProviderShiftCalendarPage /> },
  { path: 'portal/arbeitszeiten', element: <ProviderTimeRecordsPage /> },
  { path: 'portal/monatsbericht', element: <ProviderMonthlyReportPage /> },
  { path: 'portal/unternehmensprofil', element: <ProviderProfilePage /> },
  { path: 'portal/bewerbungen', element: <ProviderApplicantListPage /> },
  { path: 'portal/bewerbungen/:id', element: <ProviderApplicantPage /> },
  { path: 'portal/bewerberdatenbank', element: <ProviderCandidateSearchPage /> },
  { path: 'portal/bewerberdatenbank/:id', element: <ProviderCandidateDetailPage /> },
  { path: 'portal/team', element: <ProviderTeamPage /> },
  { path: 'portal/pool', element: <ProviderPoolPage /> },
  { path: 'portal/einladung/:token', element: <ProviderInvitationPage /> },
  { path: 'portal/passwort-zuruecksetzen/:token', element: <ProviderResetPasswordPage /> },
  { path: 'portal/passwort-vergessen', element: <ProviderForgotPasswordPage /> },
  { path: 'portal/pruefung', element: <OrganizationReviewPage /> },
  { path: 'portal/anzeigen-pruefung', element: <JobReviewPage /> },
  { path: ':slug', element: <ContentPage audience="organization" /> },
  { path: '*', element: <NotFoundRoute audience="organization" /> },
];

export const routes: RouteObject[] = [
  {
    path: '/error',
    element: <BareLayout />,
    errorElement: <ErrorPageFailure />,
    children: [{ index: true, element: <ErrorRoute /> }],
  },
  {
    element: <OauthLayout />,
    errorElement: <LayoutError />,
    children: [
      { path: '/oauth', element: <OauthPage /> },
      { path: '/oauthError', element: <OauthErrorPage /> },
    ],
  },
  {
    path: '/recruiting',
    element: <OrganizationLayout />,
    errorElement: <LayoutError />,
    // A page that fails renders the error inside the layout, so header and footer stay.
    children: [{ errorElement: <RouteError audience="organization" />, children: organizationPages }],
  },
  {
    path: '/',
    element: <DefaultLayout />,
    errorElement: <LayoutError />,
    children: [{ errorElement: <RouteError />, children: candidatePages }],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
