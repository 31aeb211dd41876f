// /recruiting/portal/pruefung: administrators review provider registrations (GET
// /api/admin/organizations, POST …/{id}/approve|reject; docs/providers.md). A visitor signs in here
// with the administrator's account (the same POST /api/login); any other account is told that
// the page is for administrators.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/shared/api/client';
import { AdminSignIn, failureText } from '@/shared/auth/admin-sign-in';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';

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
  usePageTitle('Registrierungen prüfen');
  const queue = useQuery({
    queryKey: reviewKey,
    queryFn: ({ signal }) => api.get<{ 'hydra:member': ReviewedOrganization[]; 'hydra:totalItems': number }>('/admin/organizations', { signal }),
    retry: false,
  });
  if (queue.isPending) return <PageLoading />;
  return (
    <div style={{ width: 'min(100% - 2rem, 960px)', margin: '0 auto', padding: '2rem 0 3rem' }}>
      <h1>Registrierungen prüfen</h1>
      {queue.isError && queue.error instanceof ApiError && queue.error.status === 401 && <AdminSignIn queryKey={reviewKey} />}
      {queue.isError && !(queue.error instanceof ApiError && queue.error.status === 401) && <p role="alert">{failureText(queue.error)}</p>}
      {queue.data && queue.data['hydra:member'].length === 0 && <p>Keine Registrierungen warten auf eine Prüfung.</p>}
      {queue.data && (
        <ul aria-label="Wartende Registrierungen" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: '1rem' }}>
          {queue.data['hydra:member'].map((o) => (
            <Registration key={o.id} organization={o} />
          ))}
        </ul>
      )}
    </div>
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
      {decide.isError && (
        <p className={form.error} role="alert">
          {failureText(decide.error)}
        </p>
      )}
    </li>
  );
}
