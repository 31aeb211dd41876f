// /jobs-bewerbung/{slug}: applying to a job. A visitor's application is saved (SavedApplyJob)
// and the sign-in dialog opens; after login (?loginApply) it resumes here. A signed-in candidate
// writes a short note, picks a place of work and sends it (POST /api/job_postings/{id}/apply).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { useUser } from '@/shared/auth/use-user';
import { usePageTitle } from '@/shared/lib/page-title';
import { clearSavedApplication, saveApplication } from '@/shared/lib/saved-application';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { applyToJob } from '../api/job-actions';
import { jobDetailQueryOptions } from '../api/jobs';
import styles from './job-search-page.module.css';

export function JobApplicationPage() {
  const { slug = '' } = useParams();
  const job = useQuery(jobDetailQueryOptions(slug));
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  const id = useId();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  usePageTitle(job.data ? `Bewerbung: ${job.data.title}` : 'Bewerbung');

  useEffect(() => {
    if (!job.data || isLoading || user) return;
    saveApplication({ id: job.data.id, slug: job.data.slug, title: job.data.title });
  }, [job.data, isLoading, user]);

  if (job.isPending || isLoading) return <PageLoading />;
  if (job.isError) {
    if (job.error instanceof ApiError && job.error.status === 404) return <Navigate to="/jobs/job-nicht-gefunden" replace />;
    throw job.error;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      await applyToJob(job.data!.id, { notes: String(data.get('notes') ?? ''), locations: data.getAll('location').map(Number) });
      clearSavedApplication();
      void navigate(`/jobs/${job.data!.slug}?successApplication=1`);
    } catch (failure) {
      const body = failure instanceof ApiError ? (failure.body as { message?: string }) : undefined;
      setError(body?.message ?? 'Deine Bewerbung konnte gerade nicht gesendet werden. Bitte versuche es später noch einmal.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <p><Link to={`/jobs/${job.data.slug}`}>« Zurück zum Job</Link></p>
      <h1 className={styles.heading}>Bewerbung: {job.data.title}</h1>
      {!user ? (
        <>
          <p>Melde dich an oder registriere dich kostenlos, um dich zu bewerben. Deine Bewerbung merken wir uns so lange.</p>
          <Link className={form.yellow} to="?loginApply=1&login=1">Anmelden und bewerben</Link>
        </>
      ) : (
        <form className={styles.filters} onSubmit={onSubmit}>
          {job.data.locations.length > 1 && (
            <fieldset>
              <legend>Wo möchtest du arbeiten?</legend>
              {job.data.locations.map((location, index) => (
                <label key={index} style={{ display: 'block' }}>
                  <input type="checkbox" name="location" value={location.id ?? index} defaultChecked={index === 0} /> {[location.name, location.city].filter(Boolean).join(', ')}
                </label>
              ))}
            </fieldset>
          )}
          <div className={form.field}>
            <label htmlFor={`${id}-notes`}>Deine Nachricht an den Jobanbieter (optional)</label>
            <textarea id={`${id}-notes`} name="notes" rows={6} />
          </div>
          {error && <p className={form.error} role="alert">{error}</p>}
          <button type="submit" className={form.yellow} disabled={busy}>Bewerbung absenden</button>
        </form>
      )}
    </div>
  );
}
