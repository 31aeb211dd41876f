// /jobs-bewerbung/{slug}: applying to a job. Everybody sees the form (a note, the place of work
// among the job's locations). A visitor's "Bewerben" saves the application (SavedApplyJob) and opens
// the sign-in dialog: after login it resumes here (?loginApply), registration sends it along
// (register_and_apply_on_job). A signed-in candidate whose profile lacks the data relevant for
// applying gets the update-and-apply form (PATCH the profile, then apply); a refusal shows the
// spec's message, and an incomplete profile reported by the server opens the incomplete-profile
// dialog. Success goes to the job with the thank-you dialog (?successApplication). An application
// sent with the registration waits for the address to be confirmed: until then this page shows it
// held and what happens next, never the form again (a second "Bewerben" would only confuse).
// Everybody can pick the job's shifts (the public list of upcoming shifts): a visitor's choice is
// saved with the application and sent with the registration or, after login, with the application.
// Chosen shifts that would take a signed-in candidate over a stated work limit are warned about
// first ("Trotzdem bewerben?"), as are an adult's breaches of the working time across employers
// (rest, hours a day or week); the candidate decides. A minor's shift that breaks the
// Jugendarbeitsschutzgesetz is refused by the server, whose message shows at the form; a choice
// of shifts without a birth date on the profile asks for it here (docs/fair-play.md). A new
// account has no stated limits, so registering and applying asks nothing. Where the visitor came
// from (utm_*, ref) is in this page's URL; it stays there through the sign-in dialog and goes with
// the application (shared/tracking/application-source.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { applicationKeys, applyToJob } from '@/shared/api/applications';
import { ApiError } from '@/shared/api/client';
import { autoFavorJob } from '@/shared/api/favorites';
import { useUser } from '@/shared/auth/use-user';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { usePageTitle } from '@/shared/lib/page-title';
import { clearSavedApplication, readSavedApplication, saveApplication } from '@/shared/lib/saved-application';
import { flowSource, sourceBody, withSource } from '@/shared/tracking/application-source';
import { track, trackFlow, type Flow } from '@/shared/tracking/track';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { jobDetailQueryOptions } from '../api/jobs';
import { candidateProfileKeys, candidateProfileQueryOptions } from '@/shared/api/candidate-profile';
import { UpdateAndApplyForm } from '../components/update-and-apply-form';
import { ShiftChoice } from '../components/shift-choice';
import { applyFailure } from '../lib/apply-errors';
import { workLimitWarnings } from '../lib/work-limit-warnings';
import styles from './job-search-page.module.css';

const finishedFlow = { current: false };

type ApplicationValues = {
  notes: string;
  /** The places of work ticked (null: the first, until she changes it). */
  chosen: number[] | null;
  shifts: number[];
  birthDate: string;
  /** Set just before sending: the job and the places of work that can be sent. */
  jobId: number;
  sent: number[];
};

/**
 * A signed-in candidate's application flow: started when the form shows (the job is also marked
 * as an automatic favourite, spec section 4), closed when the page is left without applying.
 */
function useApplicationFlow(flow: Flow | null, jobId: number | undefined) {
  useEffect(() => {
    if (!flow || jobId === undefined) return;
    finishedFlow.current = false;
    trackFlow(flow, 'started', { jobPostingId: jobId });
    if (flow === 'job_application') void autoFavorJob(jobId).catch(() => undefined);
    return () => {
      if (!finishedFlow.current) trackFlow(flow, 'closed', { jobPostingId: jobId });
    };
  }, [flow, jobId]);
}

export function JobApplicationPage() {
  const { slug = '' } = useParams();
  const job = useQuery(jobDetailQueryOptions(slug));
  const { user, isLoading } = useUser();
  const profileId = user?.candidateProfile?.id;
  const profile = useQuery({ ...candidateProfileQueryOptions(profileId ?? 0), enabled: profileId !== undefined });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const id = useId();
  const saved = readSavedApplication();
  const resumed = saved && job.data && saved.id === job.data.id ? saved : null;
  const [incomplete, setIncomplete] = useState(false);
  const [forceUpdate, setForceUpdate] = useState(false);
  const [limitWarnings, setLimitWarnings] = useState<string[]>([]);
  // Asked once the server says shifts need the birth date (422 at birthDate).
  const [askBirthDate, setAskBirthDate] = useState(false);
  const apply = useMutation({
    mutationFn: async ({ values, warned }: { values: ApplicationValues; warned: boolean }) => {
      const warnings = warned ? [] : await workLimitWarnings(values.shifts);
      if (warnings.length > 0) return { warnings };
      const { notes, shifts, birthDate } = values;
      const locations = values.sent;
      const withShifts = askBirthDate && birthDate ? { notes, locations, shifts, birthDate } : { notes, locations, shifts };
      const source = sourceBody(flowSource(search));
      const body = shifts.length > 0 ? withShifts : { notes, locations };
      await applyToJob(values.jobId, source ? { ...body, source } : body);
      return { warnings };
    },
    onMutate: () => setLimitWarnings([]),
    onSuccess: ({ warnings }, { values }) => {
      if (warnings.length > 0) return setLimitWarnings(warnings);
      clearSavedApplication();
      track('job_applied_to', { jobPostingId: values.jobId });
      if (values.shifts.length > 0) track('shift_chosen', { jobPostingId: values.jobId, shiftIds: values.shifts });
      if (flow) trackFlow(flow, 'finished', { jobPostingId: values.jobId });
      finishedFlow.current = true;
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      void queryClient.invalidateQueries({ queryKey: candidateProfileKeys.all });
      void navigate(`/jobs/${job.data?.slug}?successApplication=1`);
    },
    onError: (failure, { values }) => {
      const refusal = applyFailure(failure);
      if (refusal.kind === 'birthDate') setAskBirthDate(true);
      if (refusal.kind === 'incomplete') {
        setIncomplete(true);
        track('incomplete_profile_dialog_opened', { jobPostingId: values.jobId });
        void profile.refetch();
      }
    },
  });
  // The refusal in the spec's words (applyFailure), also for a 422: its fields are not on this form.
  const error = apply.isError ? applyFailure(apply.error).message : '';
  const { form: state, ref, onSubmit, busy } = useMutationForm<ApplicationValues>({
    mutation: { isPending: apply.isPending, mutateAsync: (values) => apply.mutateAsync({ values, warned: false }) },
    defaultValues: { notes: resumed?.notes ?? '', chosen: resumed?.locations ?? null, shifts: resumed?.shifts ?? [], birthDate: '', jobId: 0, sent: [] },
  });
  const notes = state.watch('notes');
  const chosen = state.watch('chosen');
  const shifts = state.watch('shifts');
  usePageTitle(job.data ? `Bewerbung: ${job.data.title}` : 'Bewerbung');
  const needsData = Boolean(user) && (forceUpdate || profile.data?.hasRelevantDataForApplication === false);
  // Known once the profile says whether the data for applying is there.
  const flow: Flow | null = !user || (profileId !== undefined && profile.isPending) ? null : needsData ? 'update_and_application' : 'job_application';
  useApplicationFlow(flow, job.data?.id);

  if (job.isPending || isLoading || (profileId !== undefined && profile.isPending)) return <PageLoading />;
  if (job.isError) {
    if (job.error instanceof ApiError && job.error.status === 404) return <Navigate to="/jobs/job-nicht-gefunden" replace />;
    throw job.error;
  }
  const data = job.data;
  // Locations without an id (older data) can be shown but not sent: they get negative keys.
  const locationIds = data.locations.map((location, index) => location.id ?? -(index + 1));
  const sent = () => (data.locations.length > 1 ? locations.filter((l) => l > 0) : []);
  const locations = chosen ?? locationIds.slice(0, 1);

  // What is sent besides the typed fields: the job and the places of work that can be sent.
  const ready = () => {
    state.setValue('jobId', data.id);
    state.setValue('sent', sent());
  };
  const send = (warned = false) => {
    ready();
    // A refusal shows from the mutation (error above); nothing more to do with it here.
    return apply.mutateAsync({ values: state.getValues(), warned }).then(
      () => undefined,
      () => undefined,
    );
  };

  function saveForLater() {
    saveApplication({ id: data.id, slug: data.slug, title: data.title, notes, locations: sent(), shifts });
    trackFlow('registration_and_application', 'started', { jobPostingId: data.id });
    void navigate(withSource('?loginApply=1', flowSource(search)));
  }

  const choice = (
    <>
      {data.locations.length > 1 && (
        <fieldset>
          <legend>Wo möchtest du arbeiten?</legend>
          {data.locations.map((location, index) => {
            const value = locationIds[index]!;
            return (
              <label key={value} style={{ display: 'block' }}>
                <input
                  type="checkbox"
                  name="location"
                  value={value}
                  checked={locations.includes(value)}
                  onChange={(e) => state.setValue('chosen', e.target.checked ? [...locations, value] : locations.filter((l) => l !== value))}
                />{' '}
                {[location.name, location.city].filter(Boolean).join(', ')}
              </label>
            );
          })}
        </fieldset>
      )}
      <ShiftChoice jobId={data.id} chosen={shifts} onChange={(picked) => state.setValue('shifts', picked)} />
      {askBirthDate && shifts.length > 0 && (
        <div className={form.field}>
          <label htmlFor={`${id}-birth-date`}>Dein Geburtsdatum</label>
          <input
            id={`${id}-birth-date`}
            type="date"
            required
            {...state.register('birthDate')}
          />
        </div>
      )}
      <div className={form.field}>
        <label htmlFor={`${id}-notes`}>Deine Nachricht an den Jobanbieter (optional)</label>
        <textarea id={`${id}-notes`} rows={6} {...state.register('notes')} />
      </div>
    </>
  );

  if (!user && resumed?.registered) return <HeldApplication job={data} notes={resumed.notes} />;

  return (
    <div className={styles.page}>
      <p>
        <Link to={`/jobs/${data.slug}`} onClick={() => flow && trackFlow(flow, 'back', { jobPostingId: data.id })}>
          « Zurück zum Job
        </Link>
      </p>
      <h1 className={styles.heading}>Bewerbung: {data.title}</h1>
      {needsData && profile.data ? (
        <UpdateAndApplyForm profile={profile.data} busy={busy} onSaved={() => send()}>
          {choice}
          {error && !incomplete && (
            <p className={form.error} role="alert">
              {error}
            </p>
          )}
        </UpdateAndApplyForm>
      ) : (
        <form
          ref={ref}
          className={styles.filters}
          onSubmit={(event) => {
            if (user) ready();
            return user ? onSubmit(event) : state.handleSubmit(saveForLater)(event);
          }}
        >
          {!user && <p>Du bist noch nicht angemeldet. Nach „Bewerben“ meldest du dich an oder registrierst dich kostenlos – deine Bewerbung merken wir uns so lange.</p>}
          {choice}
          {error && (
            <p className={form.error} role="alert">
              {error}
            </p>
          )}
          <button type="submit" className={form.yellow} disabled={busy}>
            {user ? 'Bewerbung absenden' : 'Bewerben'}
          </button>
        </form>
      )}
      <Dialog open={limitWarnings.length > 0} title="Arbeitszeitgrenze" onClose={() => setLimitWarnings([])}>
        {limitWarnings.map((warning) => (
          <p key={warning}>{warning}</p>
        ))}
        <p>
          <strong>Trotzdem bewerben?</strong>
        </p>
        <button type="button" className={form.yellow} onClick={() => void send(true)}>
          Trotzdem bewerben
        </button>{' '}
        <button type="button" className={form.button} onClick={() => setLimitWarnings([])}>
          Abbrechen
        </button>
      </Dialog>
      <Dialog open={incomplete} title="Dein Profil ist unvollständig" onClose={() => setIncomplete(false)}>
        <p>{error}</p>
        <button
          type="button"
          className={form.button}
          onClick={() => {
            setIncomplete(false);
            apply.reset();
            setForceUpdate(true);
          }}
        >
          Angaben ergänzen
        </button>
      </Dialog>
    </div>
  );
}

/** The application sent with the registration, held until the visitor confirms the address. */
function HeldApplication({ job, notes }: { job: { slug: string; title: string }; notes?: string }) {
  return (
    <div className={styles.page}>
      <p>
        <Link to={`/jobs/${job.slug}`}>« Zurück zum Job</Link>
      </p>
      <h1 className={styles.heading}>Bewerbung: {job.title}</h1>
      <section className={styles.filters} aria-labelledby="held-application">
        <h2 id="held-application">Deine Bewerbung ist gespeichert</h2>
        <p>Sie wartet nur noch auf die Bestätigung deiner E-Mail-Adresse. So geht es weiter:</p>
        <ol>
          <li>Öffne die E-Mail, die wir dir gerade geschickt haben, und klicke auf den Link darin.</li>
          <li>Damit bist du angemeldet, und deine Bewerbung geht an den Jobanbieter.</li>
          <li>Den Stand deiner Bewerbung siehst du danach jederzeit unter „Meine Bewerbungen“.</li>
        </ol>
        {notes && (
          <>
            <h3>Deine Nachricht an den Jobanbieter</h3>
            <p style={{ whiteSpace: 'pre-line' }}>{notes}</p>
          </>
        )}
        <p>Keine E-Mail bekommen? Schau bitte auch im Spam-Ordner nach.</p>
        <Link className={form.secondary} to="/jobs">
          Weitere Jobs ansehen
        </Link>
      </section>
    </div>
  );
}
