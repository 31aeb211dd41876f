// The error page body (site-shell-and-providers.md, sections 2 and 8): status and message, plus
// the content page `error`, `error-organization` or — for 410 "JobPosting is inactive!" —
// `error-jobposting-inactive`. When the content page does not exist, a plain block says what
// happened; for an inactive job that block points to similar jobs.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { usePageTitle } from '@/shared/lib/page-title';
import { pageQueryOptions } from '../api/content';
import { ContentSections, type SectionRenderers } from './content-sections';
import styles from './error-view.module.css';

export const INACTIVE_JOB_MESSAGE = 'JobPosting is inactive!';

// `renderers`: the sections other features draw (the inactive-job page lists current jobs).
type Props = { status: number; message?: string; audience?: 'candidate' | 'organization'; renderers?: SectionRenderers };

export function errorPageSlug(status: number, message: string | undefined, audience: 'candidate' | 'organization') {
  if (status === 410 && message === INACTIVE_JOB_MESSAGE) return 'error-jobposting-inactive';
  return audience === 'organization' ? 'error-organization' : 'error';
}

export function ErrorView({ status, message, audience = 'candidate', renderers }: Props) {
  const inactiveJob = status === 410 && message === INACTIVE_JOB_MESSAGE;
  const title = inactiveJob ? 'Dieser Job ist nicht mehr aktiv' : status === 404 ? 'Seite nicht gefunden' : 'Es ist ein Fehler aufgetreten';
  usePageTitle(title);
  const page = useQuery({ ...pageQueryOptions(errorPageSlug(status, message, audience)), retry: false });
  const contentMissing = page.isError && page.error instanceof ApiError;

  return (
    <div className={styles.page} data-status={status} data-error-view>
      <p className={styles.code}>Fehler {status}</p>
      <h1 className={styles.title}>{title}</h1>
      {/* The error's own message (the server's German sentence), where the title does not say it all. */}
      {message && status !== 404 && !inactiveJob && <p data-error-message>{message}</p>}
      {page.data && <ContentSections sections={page.data.sections} renderers={renderers} audience={audience} />}
      {(contentMissing || page.isError) && inactiveJob && (
        <>
          <p>
            Die Stellenanzeige wurde vom Jobanbieter beendet oder ist abgelaufen. Bewerbungen sind nicht mehr möglich – aber
            es gibt viele ähnliche Jobs, die gerade Leute suchen.
          </p>
          <p className={styles.links}>
            <Link to="/jobs">Aktuelle Jobs ansehen</Link>
            <Link to="/">Zur Startseite</Link>
          </p>
        </>
      )}
      {page.isError && !inactiveJob && (
        <>
          <p>
            {status === 404
              ? audience === 'organization'
                ? 'Die aufgerufene Seite gibt es nicht (mehr). Bitte prüfen Sie die Adresse oder starten Sie auf unserer Startseite für Arbeitgeber.'
                : 'Die Seite gibt es nicht (mehr). Vielleicht hat sich die Adresse geändert – auf der Startseite findest du alles Wichtige.'
              : audience === 'organization'
                ? 'Bitte versuchen Sie es in einem Moment noch einmal.'
                : 'Bitte versuche es in einem Moment noch einmal.'}
          </p>
          <p className={styles.links}>
            <Link to={audience === 'organization' ? '/recruiting' : '/'}>Zur Startseite</Link>
            {audience === 'candidate' && <Link to="/jobs">Alle Jobs</Link>}
          </p>
        </>
      )}
    </div>
  );
}
