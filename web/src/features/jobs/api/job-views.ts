// One view of a job's page, told to the server (POST /api/job_postings/{id}/views): the counter
// behind the provider's "Aufrufe in den letzten 30 Tagen" (docs/decisions.md, "Job views counted on
// the server"). No cookie and nothing about the visitor is sent or stored, so it needs no consent,
// unlike the tracking events. The page calls it once when it shows a job; a failure is not the
// visitor's concern and is dropped.
import { api } from '@/shared/api/client';

export function countJobView(id: number): void {
  api.post<void>(`/job_postings/${id}/views`).catch(() => undefined);
}
