// The contact requests (docs/candidate-actions.md, "Contact requests and forms"): where each kind
// of request goes, and the name of the organization an offer request is addressed to.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type ContactTarget = { kind: 'organization'; organizationId: number } | { kind: 'project' } | { kind: 'general' };

/** POST the form to the target's route: an organization's visitor contact, our project or general inbox. */
export function sendContact(target: ContactTarget, body: Record<string, unknown>) {
  const path =
    target.kind === 'organization' ? `/organizations/${target.organizationId}/contact/visitor` : target.kind === 'project' ? '/project_contact' : '/general_contact';
  return api.post(path, body);
}

export const contactKeys = {
  organization: (id: number) => ['contact', 'organization', id] as const,
};

/** The organization an offer request goes to (GET /api/organizations/{id}), for the dialog's "to" line. */
export const recipientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: contactKeys.organization(id),
    queryFn: ({ signal }) => api.get<{ id: number; name: string }>(`/organizations/${id}`, { signal }),
    retry: false,
  });
