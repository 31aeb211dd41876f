// The account calls of the settings pages (docs/accounts.md): read and change the settings,
// change password and e-mail address, delete the account; the data export is a plain download.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type AccountSettings = {
  id: number;
  email: string;
  emailVerified: boolean;
  pendingEmail?: string | null;
  profilePublic: boolean;
  searchableByProviders: boolean;
  newsletter: boolean;
  jobletter: boolean;
};

export const SETTINGS = ['profilePublic', 'searchableByProviders', 'newsletter', 'jobletter'] as const;
export type Setting = (typeof SETTINGS)[number];

export const accountSettingsKeys = {
  all: ['account-settings'] as const,
  detail: (id: number) => [...accountSettingsKeys.all, id] as const,
};

export const accountQueryOptions = (id: number) =>
  queryOptions({
    queryKey: accountSettingsKeys.detail(id),
    queryFn: ({ signal }) => api.get<AccountSettings>(`/candidate_accounts/${id}`, { signal }),
  });

export const patchSettings = (id: number, patch: Partial<Record<Setting, boolean>>) =>
  api.patch<AccountSettings>(`/candidate_accounts/${id}`, patch);

export type PasswordChange = { oldPassword: string; password: string; passwordConfirmation: string };
export type EmailChange = { email: string; emailConfirmation: string; password: string };

export const changePassword = (id: number, body: PasswordChange) =>
  api.patch<void>(`/candidate_accounts/${id}/change_password`, body, { headers: { 'Content-Type': 'application/json' } });

export const changeEmail = (id: number, body: EmailChange) =>
  api.patch<{ message?: string; pendingEmail?: string }>(`/candidate_accounts/${id}/change_email`, body, { headers: { 'Content-Type': 'application/json' } });

export const deleteAccount = (id: number) =>
  api.patch<void>(`/candidate_accounts/${id}/delete`, { confirmation: 'delete' }, { headers: { 'Content-Type': 'application/json' } });

export const requestVerificationMail = () => api.get<{ message?: string }>('/candidate_accounts_request_email_verification');

/** The link mailed to the old address: restores it and ends every session. */
export const undoEmailChange = (token: string) =>
  api.post<{ message?: string; email?: string }>('/candidate_accounts_undo_email_change', { token });

export const exportUrl = (id: number) => `/api/candidate_accounts/${id}/export`;
