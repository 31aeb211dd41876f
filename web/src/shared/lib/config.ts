// Build-time switches for third-party services. Each is off unless its variable is set when
// the app is built (VITE_* in the environment of `npm run build`), and the ones that need
// consent load only after the visitor has agreed to them (features/consent).
export const config = {
  /** Matomo-style tracker base URL, e.g. https://stats.example.de/ ; off when empty. */
  analyticsUrl: import.meta.env.VITE_ANALYTICS_URL ?? '',
  analyticsSiteId: import.meta.env.VITE_ANALYTICS_SITE_ID ?? '6',
  /** Ad server script URL; off when empty. */
  adServerUrl: import.meta.env.VITE_AD_SERVER_URL ?? '',
  /** Recruitment-ad pixel script (shared/tracking/pixel.ts); off when empty. */
  recruitmentPixelUrl: import.meta.env.VITE_RECRUITMENT_PIXEL_URL ?? '',
  /** Error reporting endpoint (receives JSON reports); off when empty. */
  errorReportingUrl: import.meta.env.VITE_ERROR_REPORTING_URL ?? '',
  errorReportingSampleRate: 0.01,
  /** Where organizations log in: the built-in portal, or an external one an operator keeps. */
  organizationPortalUrl: import.meta.env.VITE_ORGANIZATION_PORTAL_URL || '/recruiting/portal/anmelden',
};
