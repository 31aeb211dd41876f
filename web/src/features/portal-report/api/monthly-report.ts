// The organization's monthly report (issue 44 item 8; docs/reach.md "Monatsbericht"):
// GET /organizations/{id}/reports/{YYYY-MM} as the page draws it, and the address of the same
// month as a CSV file (…/{YYYY-MM}.csv), which the browser downloads with the session cookie.
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, api } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

export type SourceCount = { source: string; applications: number };

export type ReportFigures = {
  views: number;
  applications: number;
  answered: number;
  /** Median hours from arrival to the first answer (status change or message); null: none answered. */
  medianResponseHours: number | null;
  shifts: number;
  shiftsFilled: number;
  places: number;
  placesFilled: number;
  sources: SourceCount[];
};

export type ReportJob = ReportFigures & { id: number; title: string };

export type MonthlyReport = {
  month: string;
  from: string;
  to: string;
  /** False for the current month: the figures so far. */
  complete: boolean;
  jobsTotal: number;
  jobsListed: number;
  totals: ReportFigures;
  jobs: ReportJob[];
};

export const monthlyReportQueryOptions = (org: number, month: string) =>
  queryOptions({
    queryKey: providerKeys.monthlyReport(org, month),
    queryFn: ({ signal }) => api.get<MonthlyReport>(`/organizations/${org}/reports/${month}`, { signal }),
  });

export const monthlyReportCsvUrl = (org: number, month: string) => `${API_BASE}/organizations/${org}/reports/${month}.csv`;
