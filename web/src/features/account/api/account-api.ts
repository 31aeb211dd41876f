// The account area's calls: the dashboard counters, job alerts, invoices and the billing account (docs/candidate-actions.md).
import { api } from '@/shared/api/client';

export type Violation = { propertyPath: string; message: string };
export type Dashboard = {
  applications: number;
  favorites: number;
  numLogins: number;
  pbCoins: { total: number; currentMonth: number; lastMonth: number };
  created: string | null;
  lastDataUpdate: string | null;
  lastImageUpdate: string | null;
  lastLogin: string | null;
};

export type JobAlert = {
  id: number;
  title: string;
  interval: string;
  searchFilter: string;
  confirmed: boolean;
  paused: boolean;
  createdAt: string;
  lastSentAt: string | null;
};

export type Invoice = {
  id: number;
  number: string;
  date: string;
  recipient: string;
  totalCents: number;
  sent: string | null;
  paid: string | null;
  followedUp: string | null;
  printUrl: string;
};

type Hydra<T> = { 'hydra:member': T[]; 'hydra:totalItems': number };

export const accountKeys = {
  all: ['account'] as const,
  dashboards: () => [...accountKeys.all, 'dashboard'] as const,
  dashboard: (id: number) => [...accountKeys.dashboards(), id] as const,
  alerts: (id: number) => [...accountKeys.all, 'job-alerts', id] as const,
  invoices: () => [...accountKeys.all, 'invoices'] as const,
  // The double opt-in link: sent once, so never refetched.
  jobAlertConfirm: (id: number, token: string) => [...accountKeys.all, 'job-alert-confirm', id, token] as const,
};

export const getDashboard = (accountId: number, signal?: AbortSignal) =>
  api.get<Dashboard>(`/candidate_account/${accountId}/dashboard`, { signal });

export const getJobAlerts = async (accountId: number, signal?: AbortSignal) =>
  (await api.get<Hydra<JobAlert>>(`/candidate_accounts/${accountId}/job_alerts`, { signal }))['hydra:member'];
export const updateJobAlert = (id: number, body: { title?: string; interval?: string }) => api.patch<JobAlert>(`/job_alerts/${id}`, body);
export const deleteJobAlert = (id: number) => api.post<JobAlert>(`/job_alerts/${id}/delete`);
export const pauseJobAlert = (id: number, paused: boolean) => api.patch<JobAlert>(`/job_alerts/${id}/${paused ? 'pause' : 'unpause'}`);
export const confirmJobAlert = (id: number, token: string) => api.patch<JobAlert>(`/job_alerts/${id}/confirm`, { token });

export const getInvoices = async (signal?: AbortSignal) =>
  (await api.get<Hydra<Invoice>>('/legacy_billing', { signal }))['hydra:member'];
export const createBillingAccount = (accountId: number) =>
  api.patch<{ byllAccountId: string }>(`/candidate_accounts/${accountId}/create_byll_account`);
export const billingLogin = (accountId: number) => api.get<{ url: string }>(`/candidate_accounts/${accountId}/byll_login`);
