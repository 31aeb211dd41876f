// The administrators' sign-in on their review pages (registrations, job postings): the same POST
// /api/login as everyone; on success the page's query (`queryKey`) is asked again with the token.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '@/shared/api/client';
import { noteToken } from '@/shared/auth/token-refresh';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';

/** A failed request on an administrator's page, in German: the server's message, else a generic line. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return (error.body as { message?: string } | undefined)?.message || 'Das hat leider nicht geklappt. Bitte versuchen Sie es noch einmal.';
  return 'Keine Verbindung zum Server. Bitte versuchen Sie es noch einmal.';
}

export function AdminSignIn({ queryKey }: { queryKey: QueryKey }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const login = useMutation({
    mutationFn: (credentials: { email: string; password: string }) => api.post<{ token?: string }>('/login', credentials),
    onSuccess: (tokens) => {
      noteToken(tokens?.token);
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: (failure) => setError(failureText(failure)),
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setError('');
    login.mutate({ email: (values.email ?? '').trim(), password: values.password ?? '' });
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Anmeldung für Administratoren">
      <p>Bitte melden Sie sich mit Ihrem Administrator-Konto an.</p>
      <TextField label="E-Mail-Adresse" name="email" type="email" autoComplete="email" required />
      <TextField label="Passwort" name="password" type="password" autoComplete="current-password" required />
      {error && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
      <button className={form.button} type="submit" disabled={login.isPending}>
        {login.isPending ? 'Wird angemeldet …' : 'Anmelden'}
      </button>
    </form>
  );
}
