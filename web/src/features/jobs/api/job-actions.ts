// What a candidate does with a job: save a search as job alert (POST /api/job_alerts),
// ask the organization a question. Applying is shared/api/applications.ts.
import { api } from '@/shared/api/client';

export const createJobAlert = (body: { title: string; interval: string; filter: Record<string, string> }) =>
  api.post<{ id: number }>('/job_alerts', body);

export const contactOrganization = (organizationId: number, loggedIn: boolean, body: Record<string, string | number>) =>
  api.post<void>(`/organizations/${organizationId}/contact/${loggedIn ? 'user' : 'visitor'}`, body);
