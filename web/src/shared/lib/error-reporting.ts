// Error reporting: off unless VITE_ERROR_REPORTING_URL is set at build time. Then uncaught errors
// and rejected promises are sent, sampled at the spec's rate (0.01), as small JSON reports
// (message, stack, page) with navigator.sendBeacon. No third-party script is loaded.
import { config } from './config';

export function startErrorReporting(): void {
  const endpoint = config.errorReportingUrl;
  if (!endpoint) return;
  const report = (message: string, stack?: string) => {
    if (Math.random() >= config.errorReportingSampleRate) return;
    const body = JSON.stringify({ message, stack, url: window.location.href, userAgent: navigator.userAgent, at: new Date().toISOString() });
    try {
      navigator.sendBeacon(endpoint, body);
    } catch {
      // reporting must never cause an error of its own
    }
  };
  window.addEventListener('error', (event) => report(event.message, (event.error as Error | undefined)?.stack));
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as Error | undefined;
    report(String(reason?.message ?? reason), reason?.stack);
  });
}
