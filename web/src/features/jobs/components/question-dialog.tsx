// "Frage stellen": a message to the organization behind a job
// (POST /api/organizations/{id}/contact/visitor, or /user when signed in).
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { FormRefusal } from '@/shared/forms/form-refusal';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { track } from '@/shared/tracking/track';
import { contactOrganization } from '../api/job-actions';

type Props = { open: boolean; onClose: () => void; organizationId: number; jobId: number; loggedIn: boolean };
type Question = { name: string; email: string; message: string };

export function QuestionDialog({ open, onClose, organizationId, jobId, loggedIn }: Props) {
  // Here, not in the form: a sent question stays sent when the dialog opens again.
  const mutation = useMutation({
    // Signed in, the server knows name and address; only the question goes.
    mutationFn: ({ name, email, message }: Question) =>
      contactOrganization(organizationId, loggedIn, { ...(loggedIn ? {} : { name, email }), message, jobPosting: jobId }),
    onSuccess: () => track('organization_contacted', { organizationId, jobPostingId: jobId }),
  });
  return (
    <Dialog open={open} onClose={onClose} title="Frage an den Jobanbieter">
      <QuestionForm mutation={mutation} loggedIn={loggedIn} />
    </Dialog>
  );
}

function QuestionForm({ mutation, loggedIn }: { mutation: UseMutationResult<void, Error, Question>; loggedIn: boolean }) {
  const id = useId();
  const { form: state, ref, onSubmit, busy, field, error, refusal } = useMutationForm({ mutation, defaultValues: { name: '', email: '', message: '' } });

  if (mutation.isSuccess) return <p role="status">Danke! Deine Nachricht ist beim Jobanbieter angekommen.</p>;
  return (
    <form ref={ref} onSubmit={onSubmit}>
      {!loggedIn && (
        <>
          <TextField id={`${id}-name`} label="Dein Name" autoComplete="name" required {...field('name')} />
          <TextField id={`${id}-email`} label="Deine E-Mail-Adresse" type="email" autoComplete="email" required {...field('email')} />
        </>
      )}
      <div className={form.field}>
        <label htmlFor={`${id}-message`}>Deine Frage</label>
        <textarea id={`${id}-message`} rows={5} required {...state.register('message')} aria-invalid={error('message') ? true : undefined} />
        {error('message') && <p className={form.error}>{error('message')}</p>}
      </div>
      <FormRefusal refusal={refusal} fallback={'Deine Nachricht konnte nicht gesendet werden. Bitte versuche es später noch einmal.'} />
      <button type="submit" className={form.button} disabled={busy}>
        Frage senden
      </button>
    </form>
  );
}
