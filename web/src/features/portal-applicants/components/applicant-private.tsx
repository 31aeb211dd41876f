// The team's private part of an applicant's page: the 1–5 rating (one per application, the last
// member who rates wins, shown with who set it) and the notes (author and time; only the author
// deletes one). Never shown to the candidate (docs/providers.md, "Pipeline tools"). Its own
// component, so the applicant page carries one line for it.
import { useQuery } from '@tanstack/react-query';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import form from '@/shared/ui/form.module.css';
import { NOTE_MAX, notesQueryOptions, ratingQueryOptions, useAddNote, useDeleteNote, useSetRating } from '../api/pipeline';
import { formatDateTime } from '@/shared/portal/format';
import { providerMessage } from '@/shared/portal/messages';
import styles from './pipeline.module.css';
import portal from '@/shared/portal/portal.module.css';

type Props = { organizationId: number; applicationId: number };

export function ApplicantPrivate(props: Props) {
  return (
    <section aria-label="Intern" className={styles.private}>
      <h3>Intern – nur für Ihr Team sichtbar</h3>
      <p className={portal.meta}>Die Bewerberin oder der Bewerber sieht Bewertung und Notizen nicht.</p>
      <RatingPicker {...props} />
      <Notes {...props} />
    </section>
  );
}

function RatingPicker({ organizationId, applicationId }: Props) {
  const rating = useQuery(ratingQueryOptions(organizationId, applicationId));
  const setRating = useSetRating(organizationId, applicationId);
  const stars = rating.data?.stars ?? null;
  return (
    <div role="group" aria-labelledby="rating-label">
      <h4 id="rating-label">Bewertung</h4>
      <div className={styles.starButtons}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            data-on={stars !== null && n <= stars}
            aria-pressed={stars === n}
            aria-label={n === 1 ? '1 Stern' : `${n} Sterne`}
            disabled={setRating.isPending || rating.isPending}
            onClick={() => setRating.mutate(n)}
          >
            ★
          </button>
        ))}
        {stars !== null && (
          <button type="button" className={form.secondary} style={{ fontSize: '1rem' }} disabled={setRating.isPending} onClick={() => setRating.mutate(null)}>
            Bewertung entfernen
          </button>
        )}
      </div>
      <p className={portal.meta} role="status">
        {stars !== null && rating.data?.setBy
          ? `${stars} von 5 Sternen, zuletzt vergeben von ${rating.data.setBy} am ${formatDateTime(rating.data.updatedAt)}.`
          : rating.isSuccess
            ? 'Noch nicht bewertet.'
            : ''}
      </p>
      {setRating.isError && <p role="alert">{providerMessage(setRating.error)}</p>}
      {rating.isError && <p role="alert">{providerMessage(rating.error, 'Die Bewertung konnte gerade nicht geladen werden.')}</p>}
    </div>
  );
}

function Notes({ organizationId, applicationId }: Props) {
  const notes = useQuery(notesQueryOptions(organizationId, applicationId));
  const add = useAddNote(organizationId, applicationId);
  const remove = useDeleteNote(organizationId, applicationId);
  const { form: state, ref, onSubmit, busy, error, refusal } = useMutationForm({
    mutation: { isPending: add.isPending, mutateAsync: ({ body }: { body: string }) => add.mutateAsync(body.trim()) },
    defaultValues: { body: '' },
    onSuccess: () => state.reset({ body: '' }),
    describe: (failure) => providerMessage(failure),
  });
  const text = state.watch('body');

  return (
    <div>
      <h4>Notizen</h4>
      {notes.isError && <p role="alert">{providerMessage(notes.error, 'Die Notizen konnten gerade nicht geladen werden.')}</p>}
      {notes.data && notes.data.length === 0 && <p>Noch keine Notizen.</p>}
      {notes.data && notes.data.length > 0 && (
        <ul className={styles.notes} aria-label="Notizen">
          {notes.data.map((n) => (
            <li key={n.id}>
              <p style={{ whiteSpace: 'pre-line', margin: 0 }}>{n.body}</p>
              <p className={portal.meta}>
                {n.author} · {formatDateTime(n.createdAt)}
                {n.mine && (
                  <>
                    {' · '}
                    <button type="button" className={form.secondary} disabled={remove.isPending} onClick={() => remove.mutate(n.id)}>
                      Notiz löschen
                    </button>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <p role="alert">{providerMessage(remove.error)}</p>}
      <form ref={ref} onSubmit={onSubmit} aria-label="Notiz hinzufügen" noValidate>
        <div className={form.field}>
          <label htmlFor="applicant-note">Neue Notiz</label>
          <textarea id="applicant-note" rows={3} maxLength={NOTE_MAX} {...state.register('body')} aria-invalid={error('body') ? true : undefined} />
          <p className={portal.meta}>
            {text.length} von {NOTE_MAX} Zeichen.
          </p>
          {error('body') && (
            <p className={form.error} role="alert">
              {error('body')}
            </p>
          )}
        </div>
        {refusal !== undefined && <p role="alert">{refusal}</p>}
        <button type="submit" className={form.button} disabled={busy || !text.trim()}>
          {busy ? 'Wird gespeichert …' : 'Notiz speichern'}
        </button>
      </form>
    </div>
  );
}
