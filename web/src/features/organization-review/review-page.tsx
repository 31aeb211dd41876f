// /recruiting/portal/pruefung: administrators review provider registrations (GET
// /api/admin/organizations, POST …/{id}/approve|reject; docs/providers.md). A visitor signs in here
// with the administrator's account (the same POST /api/login); any other account is told that
// the page is for administrators.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { AdminQueue } from '@/shared/auth/admin-queue';
import { failureText } from '@/shared/auth/admin-sign-in';
import { ActionFailure } from '@/shared/forms/form-refusal';
import form from '@/shared/ui/form.module.css';

export type ReviewedOrganization = {
  id: number;
  name: string;
  city: string | null;
  contactEmail: string | null;
  createdAt: string;
  state: 'pending' | 'approved' | 'rejected';
  members: { email: string; emailVerified: boolean; role: string | null }[];
  jobPostings: number;
};

const reviewKey = ['admin', 'organization-review'] as const;
const when = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

export function ReviewPage() {
  return (
    <AdminQueue<ReviewedOrganization> title="Registrierungen prüfen" queryKey={reviewKey} path="/admin/organizations" listLabel="Wartende Registrierungen" empty="Keine Registrierungen warten auf eine Prüfung.">
      {(o) => <Registration key={o.id} organization={o} />}
    </AdminQueue>
  );
}

function Registration({ organization: o }: { organization: ReviewedOrganization }) {
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (verb: 'approve' | 'reject') => api.post<ReviewedOrganization>(`/admin/organizations/${o.id}/${verb}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKey }),
  });
  return (
    <li style={{ background: '#fff', borderRadius: 8, padding: '1rem', boxShadow: '0 1px 3px rgb(13 34 63 / 0.12)' }}>
      <h2 style={{ margin: 0 }}>{o.name}</h2>
      <p>
        {[o.city, o.contactEmail].filter(Boolean).join(' · ')} · registriert am {when.format(new Date(o.createdAt))} · {o.jobPostings} Stellenanzeige(n)
      </p>
      <ul>
        {o.members.map((m) => (
          <li key={m.email}>
            {m.email} – {m.emailVerified ? 'Adresse bestätigt' : 'Adresse noch nicht bestätigt'}
          </li>
        ))}
      </ul>
      <div className={form.row}>
        <button type="button" className={form.button} disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
          {decide.isPending && decide.variables === 'approve' ? 'Wird freigeschaltet …' : 'Freischalten'}
        </button>
        <button type="button" className={form.secondary} disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
          {decide.isPending && decide.variables === 'reject' ? 'Wird abgelehnt …' : 'Ablehnen'}
        </button>
      </div>
      <ActionFailure error={decide.error} describe={failureText} />
    </li>
  );
}
