// /recruiting/portal/anzeigen-pruefung: administrators work the queue of job postings the AGG
// wording check flagged and their provider published anyway (GET /api/admin/job_postings/review,
// POST …/{id}/release, POST …/{id}/reject with {"reason"}; docs/fair-play.md "Wording"). Modelled
// on the registrations' review (features/organization-review): the same sign-in for administrators.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '@/shared/api/client';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { AdminQueue } from '@/shared/auth/admin-queue';
import { failureText } from '@/shared/auth/admin-sign-in';
import { ActionFailure } from '@/shared/forms/form-refusal';
import form from '@/shared/ui/form.module.css';

type Finding = { field: string; rule: string; category: string; words: string; why: string; suggestion: string };

export type ReviewedJob = {
  id: number;
  title: string;
  organization: { id: number; name: string };
  state: string;
  reviewSince: string | null;
  findings: Finding[];
  description: string | null;
  requirement: string | null;
};

const reviewKey = ['admin', 'job-review'] as const;
const when = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
const FIELDS: Record<string, string> = { title: 'Jobtitel', description: 'Beschreibung', requirement: 'Anforderungen', benefits: 'Das bieten Sie', workingTime: 'Arbeitszeit' };

export function JobReviewPage() {
  return (
    <AdminQueue<ReviewedJob> title="Stellenanzeigen prüfen" queryKey={reviewKey} path="/admin/job_postings/review" listLabel="Wartende Stellenanzeigen" empty="Keine Stellenanzeigen warten auf eine Prüfung.">
      {(job) => <WaitingJob key={job.id} job={job} />}
    </AdminQueue>
  );
}

function WaitingJob({ job }: { job: ReviewedJob }) {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const decide = useMutation({
    mutationFn: (decision: { verb: 'release' } | { verb: 'reject'; reason: string }) =>
      api.post<ReviewedJob>(`/admin/job_postings/${job.id}/${decision.verb}`, decision.verb === 'reject' ? { reason: decision.reason } : undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKey }),
  });
  const rejection = useMutationForm({
    mutation: { isPending: decide.isPending, mutateAsync: (values: { reason: string }) => decide.mutateAsync({ verb: 'reject', reason: values.reason.trim() }) },
    defaultValues: { reason: '' },
  });
  const reason = rejection.form.watch('reason');
  return (
    <li aria-label={job.title} style={{ background: '#fff', borderRadius: 8, padding: '1rem', boxShadow: '0 1px 3px rgb(13 34 63 / 0.12)' }}>
      <h2 style={{ margin: 0 }}>{job.title}</h2>
      <p>
        {job.organization.name}
        {job.reviewSince && ` · wartet seit ${when.format(new Date(job.reviewSince))}`}
      </p>
      <ul>
        {job.findings.map((f) => (
          <li key={`${f.rule}|${f.field}|${f.words}`}>
            <strong>
              {FIELDS[f.field] ?? f.field}: „{f.words}“
            </strong>{' '}
            ({f.category}) – {f.why}
          </li>
        ))}
      </ul>
      {job.requirement && (
        <p>
          <em>Anforderungen:</em> {job.requirement}
        </p>
      )}
      <div className={form.row}>
        <button type="button" className={form.button} disabled={decide.isPending} onClick={() => decide.mutate({ verb: 'release' })}>
          {decide.isPending && decide.variables?.verb === 'release' ? 'Wird freigegeben …' : 'Freigeben'}
        </button>
        {!rejecting && (
          <button type="button" className={form.secondary} disabled={decide.isPending} onClick={() => setRejecting(true)}>
            Ablehnen …
          </button>
        )}
      </div>
      {rejecting && (
        <form ref={rejection.ref} onSubmit={rejection.onSubmit} aria-label={`Ablehnung von ${job.title}`}>
          <label>
            Begründung für den Anbieter (geht per E-Mail an ihn)
            <textarea {...rejection.form.register('reason')} maxLength={2000} rows={3} required style={{ display: 'block', width: '100%' }} />
          </label>
          <button type="submit" className={form.secondary} disabled={decide.isPending || !reason.trim()}>
            {decide.isPending && decide.variables?.verb === 'reject' ? 'Wird abgelehnt …' : 'Ablehnen und begründen'}
          </button>
        </form>
      )}
      <ActionFailure error={decide.error} describe={failureText} />
    </li>
  );
}
