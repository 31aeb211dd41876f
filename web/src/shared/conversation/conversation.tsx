// The conversation of one application (issue 29), for both sides: the candidate on
// /meine-bewerbungen ("du") and the organization on the portal's applicant page ("Sie"). It shows
// the thread oldest first (a status set with a message says which), and the box to write while the
// server allows it (else the server's reason). The server's answers to a write (422 at the field,
// 409 and 429 as a message) are already in the writer's words.
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { ApiError } from '@/shared/api/client';
import { MESSAGE_MAX, useConversation, useWriteMessage, type ConversationMessage } from '@/shared/api/application-messages';
import form from '@/shared/ui/form.module.css';
import styles from './conversation.module.css';

export type ConversationTone = 'du' | 'Sie';

type Props = {
  applicationId: number;
  tone: ConversationTone;
  /** The other side's name: the organization for the candidate, the applicant for the organization. */
  otherName: string;
  /** The German name of a status (each side has its own words for them). */
  statusName: (status: string) => string;
};

const dateTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });

// Everything the component says, once per form of address.
const WORDS = {
  du: {
    heading: 'Nachrichten',
    formName: 'Antworten',
    own: 'Du',
    empty: 'Noch keine Nachrichten.',
    label: (other: string) => `Deine Antwort an ${other}`,
    send: 'Antwort senden',
    sending: 'Wird gesendet …',
    required: 'Bitte schreib eine Nachricht.',
    failed: 'Das hat leider nicht geklappt. Bitte versuche es noch einmal.',
    loadFailed: 'Die Nachrichten konnten gerade nicht geladen werden. Bitte lade die Seite neu.',
    sent: 'Deine Nachricht ist gesendet.',
  },
  Sie: {
    heading: 'Nachrichten',
    formName: 'Nachricht schreiben',
    own: 'Sie',
    empty: 'Noch keine Nachrichten. Eine Statusänderung mit Nachricht erscheint hier ebenfalls.',
    label: (other: string) => `Ihre Nachricht an ${other}`,
    send: 'Nachricht senden',
    sending: 'Wird gesendet …',
    required: 'Bitte geben Sie eine Nachricht ein.',
    failed: 'Das hat leider nicht geklappt. Bitte versuchen Sie es noch einmal.',
    loadFailed: 'Die Nachrichten konnten gerade nicht geladen werden. Bitte laden Sie die Seite neu.',
    sent: 'Ihre Nachricht ist gesendet.',
  },
} as const;

// The server's own message for a refused write (409, 429: written for the caller's side), else ours.
function failureText(error: unknown, fallback: string): string {
  const message = error instanceof ApiError && error.status < 500 ? (error.body as { message?: string } | undefined)?.message : undefined;
  return message || fallback;
}

export function ApplicationConversation({ applicationId, tone, otherName, statusName }: Props) {
  const words = WORDS[tone];
  const conversation = useConversation(applicationId);
  const headingId = `conversation-${applicationId}`;
  if (conversation.isPending) return null;
  // Not an alert: the page around it (the application) is what the person came for.
  if (conversation.isError) return <p>{words.loadFailed}</p>;
  const thread = conversation.data;
  const author = (m: ConversationMessage) => (m.from === thread.side ? words.own : otherName);
  return (
    <section className={styles.conversation} aria-labelledby={headingId}>
      <h3 id={headingId}>{words.heading}</h3>
      {thread.messages.length === 0 ? (
        <p>{words.empty}</p>
      ) : (
        <ol className={styles.thread} aria-label={`${words.heading} zur Bewerbung`}>
          {thread.messages.map((m) => (
            <li key={m.id} className={`${styles.entry} ${m.from === thread.side ? styles.own : ''}`}>
              <p className={styles.meta}>
                {author(m)} · {dateTime.format(new Date(m.createdAt))}
                {m.status ? ` · Status: ${statusName(m.status)}` : ''}
              </p>
              <p className={styles.body}>{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      {thread.canWrite ? (
        <MessageForm applicationId={applicationId} tone={tone} otherName={otherName} />
      ) : (
        thread.notice && <p>{thread.notice}</p>
      )}
    </section>
  );
}

function MessageForm({ applicationId, tone, otherName }: { applicationId: number; tone: ConversationTone; otherName: string }) {
  const words = WORDS[tone];
  const write = useWriteMessage(applicationId);
  const { form: state, ref, onSubmit, busy, error, refusal } = useMutationForm({
    mutation: { isPending: write.isPending, mutateAsync: ({ message }: { message: string }) => write.mutateAsync(message.trim()) },
    defaultValues: { message: '' },
    rules: { message: [(v) => (String(v ?? '').trim() ? null : words.required)] },
    onSuccess: () => state.reset({ message: '' }),
    describe: (failure) => failureText(failure, words.failed),
  });
  const fieldId = `conversation-message-${applicationId}`;
  const text = state.watch('message');
  const fieldError = error('message');
  const done = write.isSuccess && !busy ? `${words.sent} ${write.data.mail?.message ?? ''}`.trim() : null;

  return (
    <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate aria-label={words.formName}>
      <div className={form.field}>
        <label htmlFor={fieldId}>{words.label(otherName)}</label>
        <textarea
          id={fieldId}
          rows={4}
          maxLength={MESSAGE_MAX}
          {...state.register('message')}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${fieldId}-count`}
        />
        <p id={`${fieldId}-count`} className={styles.meta}>
          {text.length} von {MESSAGE_MAX} Zeichen
        </p>
        {fieldError && (
          <p className={form.error} role="alert">
            {fieldError}
          </p>
        )}
      </div>
      {refusal !== undefined && <p role="alert">{refusal}</p>}
      {done && <p role="status">{done}</p>}
      <div className={form.row}>
        <button type="submit" className={form.button} disabled={busy}>
          {busy ? words.sending : words.send}
        </button>
      </div>
    </form>
  );
}
