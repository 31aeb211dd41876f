/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_ANALYTICS_URL?: string;
  readonly VITE_ANALYTICS_SITE_ID?: string;
  readonly VITE_AD_SERVER_URL?: string;
  readonly VITE_RECRUITMENT_PIXEL_URL?: string;
  readonly VITE_ERROR_REPORTING_URL?: string;
  readonly VITE_ORGANIZATION_PORTAL_URL?: string;
}
