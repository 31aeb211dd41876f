// The administrators' sign-in on their review pages (registrations, job postings): the same POST
// /api/login as everyone; on success the page's query (`queryKey`) is asked again with the token.
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, ApiError } from '@/shared/api/client';
import { noteToken } from '@/shared/auth/token-refresh';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { FormRefusal } from '@/shared/forms/form-refusal';

/** A failed request on an administrator's page, in German: the server's message, else a generic line. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return (error.body as { message?: string } | undefined)?.message || 'Das hat leider nicht geklappt. Bitte versuchen Sie es noch einmal.';
  return 'Keine Verbindung zum Server. Bitte versuchen Sie es noch einmal.';
}

export function AdminSignIn({ queryKey }: { queryKey: QueryKey }) {
  const queryClient = useQueryClient();
  const login = useMutation({
    mutationFn: (credentials: { email: string; password: string }) => api.post<{ token?: string }>('/login', credentials),
    onSuccess: (tokens) => {
      noteToken(tokens?.token);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
  const { ref, onSubmit, busy, field, refusal } = useMutationForm({
    mutation: {
      isPending: login.isPending,
      mutateAsync: ({ email, password }: { email: string; password: string }) => login.mutateAsync({ email: email.trim(), password }),
    },
    defaultValues: { email: '', password: '' },
    describe: failureText,
  });
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label="Anmeldung für Administratoren">
      <p>Bitte melden Sie sich mit Ihrem Administrator-Konto an.</p>
      <TextField label="E-Mail-Adresse" type="email" autoComplete="email" {...field('email')} required />
      <TextField label="Passwort" type="password" autoComplete="current-password" {...field('password')} required />
      <FormRefusal refusal={refusal} />
      <button className={form.button} type="submit" disabled={busy}>
        {busy ? 'Wird angemeldet …' : 'Anmelden'}
      </button>
    </form>
  );
}
