// The organization layout's dialogs opened by query parameters: registration (the registration
// dialog without job fields: a provider may register first and post a job later, spec
// "registration, optionally together with a job posting"; issue 41) and registrationWithJob (the
// same dialog with the first job's fields), and generalContact with topic (general contact or offer
// request). Closing removes the parameters.
import { useLocation, useNavigate } from 'react-router';
import { ContactDialog } from '@/features/contact/components/contact-dialog';
import { RegisterWithJobDialog } from '@/features/organization-registration/components/register-with-job-dialog';

export function OrganizationQueryDialogs() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const has = (key: string) => params.has(key) && params.get(key) !== '0';
  const clear = (...keys: string[]) => {
    const next = new URLSearchParams(search);
    for (const key of keys) next.delete(key);
    void navigate({ pathname, search: next.toString() ? `?${next}` : '' }, { replace: true });
  };
  const registration = has('registration') || has('registrationWithJob');
  return (
    <>
      <RegisterWithJobDialog
        open={registration}
        withJob={has('registrationWithJob')}
        comeFrom={params.get('comeFrom') ?? undefined}
        onClose={() => clear('registration', 'registrationWithJob', 'success', 'comeFrom')}
      />
      <ContactDialog
        open={has('generalContact') && params.has('topic')}
        topic={params.get('topic') ?? ''}
        organizationId={Number(params.get('organization')) || undefined}
        audience="organization"
        onClose={() => clear('generalContact', 'topic', 'organization')}
      />
    </>
  );
}
