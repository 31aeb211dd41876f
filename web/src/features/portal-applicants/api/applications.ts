// The organization's applicants (docs/candidate-actions.md, "Applicants"; docs/providers.md,
// "Applicants"): the list by job and status, one application with the candidate's data (each
// opening is logged by the server; its documents' files open below it), the status with an optional message to the candidate, and the
// sedcard PDF's address (the overview's numbers: features/portal-jobs/api/dashboard.ts).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationKeys } from '@/shared/api/application-messages';
import { api, API_BASE, ApiError, TimeoutError } from '@/shared/api/client';
import type { ApplicantFilter, ApplicantStatus } from '@/shared/portal/filters';
import { providerKeys } from '@/shared/portal/keys';

export const STATUS_NAMES: Record<ApplicantStatus, string> = {
  sent: 'Neu',
  seen: 'Gesehen',
  shortlisted: 'Engere Auswahl',
  invited: 'Eingeladen',
  declined: 'Abgesagt',
  hired: 'Eingestellt',
};

type ChosenLocation = { id: number; city: string | null; name: string | null };

/** The sedcard fields applying requires, as the candidate keeps them (docs/sedcard.md). */
export type ApplicantSedcard = {
  gender?: string;
  addresses?: { street?: string; zipcode?: string; city?: string; country?: string }[];
  communicationData?: { type: string; value: string }[];
  languages?: { language: string; level: string }[];
  jobEmployment?: Record<string, unknown>;
  hasActivitySkills?: boolean;
  activitySkills?: { skill: string; level?: string }[];
};

/** A document of the candidate's profile; its files open below the application. */
export type ApplicantDocument = {
  id: number;
  kind: string;
  type: string | null;
  notes: string | null;
  attachments: { id: number; fileName: string; contentType: string; bytes: number; contentUrl: string }[];
};

export type Applicant = {
  id: number;
  status: ApplicantStatus;
  statusMessage: string | null;
  statusChangedAt: string | null;
  notes: string;
  createdAt: string;
  locations: ChosenLocation[];
  jobPosting: { id: number; title: string; slug?: string };
  candidate: { firstName: string; lastName: string; email?: string; sedcard?: ApplicantSedcard; documents?: ApplicantDocument[] };
  /** The retention period is over (docs/fair-play.md): the candidate is gone from this row, shown as "anonymisiert". */
  anonymized?: boolean;
  /** From 30 days before: the day the application will be anonymized ("wird am … anonymisiert"). */
  anonymizeAt?: string | null;
  /** Only in the organization's list: its private 1–5 rating (api/pipeline.ts), absent when not rated. */
  rating?: number;
  /**
   * The candidate's shifts of the last `days` days across Jobhafen, figures only (worked: hours
   * approved or corrected; "nicht erschienen"), and this organization's own reliability ratings of
   * the person. Absent when the account is gone (docs/shifts.md, "Reliability and ratings after a shift").
   */
  reliability?: Reliability | null;
  /**
   * Where the application came from (docs/reach.md, "Herkunft der Bewerbungen"): the label the
   * server made ("Indeed", "Google", …, the utm_source, "Direkt") and the raw values; null for an
   * application from before sources were recorded.
   */
  source?: ApplicationSource | null;
  /** Only in the answer of a status change: whether the candidate gets a mail, in the provider's words. */
  statusMail?: { state: 'queued' | 'replaced' | 'limit' | 'none'; message: string };
};

export type ApplicationSource = {
  label: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrerHost: string | null;
};

export type Reliability = {
  workedShifts: number;
  noShows: number;
  days: number;
  ownRatings: { count: number; averageStars: number } | null;
};

export type ApplicantList = { 'hydra:member': Applicant[]; 'hydra:totalItems': number };

export const APPLICANTS_PER_PAGE = 20;

export const applicantListQueryOptions = (organizationId: number, filter: ApplicantFilter) =>
  queryOptions({
    queryKey: providerKeys.applicantList(organizationId, filter),
    queryFn: ({ signal }) =>
      api.get<ApplicantList>(`/organizations/${organizationId}/applications`, {
        query: { jobPosting: filter.jobPosting, status: filter.status, page: filter.page, itemsPerPage: APPLICANTS_PER_PAGE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const applicantQueryOptions = (organizationId: number, id: number) =>
  queryOptions({
    queryKey: providerKeys.applicant(organizationId, id),
    queryFn: ({ signal }) => api.get<Applicant>(`/applications/${id}`, { signal }),
    retry: false,
    // Every opening is logged as a view of the candidate's data: read once per visit of the page.
    staleTime: Infinity,
  });

/** The sedcard PDF's address (the auth cookie goes along). */
export const sedcardPdfUrl = (id: number) => `${API_BASE}/applications/${id}/sedcard`;

/** Making a PDF takes the render worker a while: longer than the API client's 10 s. */
export const SEDCARD_TIMEOUT_MS = 45_000;

/**
 * The sedcard PDF as a file, fetched by the page instead of opened by the browser, so that a
 * failure (the render worker busy or missing: 503 with a JSON body) becomes a message in the
 * portal and never raw JSON in a tab. Throws ApiError with the status, TimeoutError, or TypeError
 * (no connection), as the API client does.
 */
export async function fetchSedcardPdf(id: number): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(sedcardPdfUrl(id), { credentials: 'same-origin', signal: AbortSignal.timeout(SEDCARD_TIMEOUT_MS) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') throw new TimeoutError(SEDCARD_TIMEOUT_MS);
    throw error;
  }
  if (!response.ok || !(response.headers.get('Content-Type') ?? '').startsWith('application/pdf')) {
    const body = (await response.json().catch(() => undefined)) as unknown;
    throw new ApiError(response.ok ? 502 : response.status, body);
  }
  return response.blob();
}

export type StatusChange = { status: ApplicantStatus; message?: string };

/** Sets the status; afterwards the application, the lists and the overview's numbers are fresh. */
export function useApplicantStatus(organizationId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => api.patch<Applicant>(`/applications/${id}/status`, change),
    onSuccess: async (changed) => {
      queryClient.setQueryData(providerKeys.applicant(organizationId, id), (old: Applicant | undefined) =>
        old ? { ...old, status: changed.status, statusMessage: changed.statusMessage, statusChangedAt: changed.statusChangedAt } : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: providerKeys.applicants(organizationId) }),
        queryClient.invalidateQueries({ queryKey: providerKeys.dashboard(organizationId) }),
        queryClient.invalidateQueries({ queryKey: conversationKeys.detail(id) }), // a status message is an entry
      ]);
    },
  });
}
