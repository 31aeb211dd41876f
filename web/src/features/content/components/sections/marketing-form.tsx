// The content's marketing forms (POST /api/forms/{formId}): 16 newsletter (double opt-in: the
// server mails a confirmation link to /newsletter-bestaetigen/{token}), 17 price list, 20 contact.
// The shared rules (required fields, the e-mail's form) are checked before sending; what the server
// checks beyond them (lengths, its own rules) comes back as German messages per field.
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '@/shared/api/client';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { email, required, type Schema } from '@/shared/validation';
import { RichText } from '../rich-text';
import { SectionFrame, type SectionProps } from './kit';
import styles from './sections.module.css';

type Field = { name: string; label: string; type: 'text' | 'email' | 'tel' | 'textarea'; required: boolean; autoComplete: string; maxLength: number };

const NAME: Field = { name: 'name', label: 'Name', type: 'text', required: true, autoComplete: 'name', maxLength: 200 };
const EMAIL: Field = { name: 'email', label: 'E-Mail-Adresse', type: 'email', required: true, autoComplete: 'email', maxLength: 200 };
const PHONE: Field = { name: 'phone', label: 'Telefon (freiwillig)', type: 'tel', required: false, autoComplete: 'tel', maxLength: 40 };

/** The fields of each form the server takes (docs/candidate-actions.md). */
export const FORMS: Record<number, { fields: Field[]; submit: string }> = {
  16: {
    fields: [EMAIL, { name: 'firstName', label: 'Vorname (freiwillig)', type: 'text', required: false, autoComplete: 'given-name', maxLength: 200 }],
    submit: 'Newsletter abonnieren',
  },
  17: {
    fields: [NAME, { name: 'company', label: 'Unternehmen', type: 'text', required: true, autoComplete: 'organization', maxLength: 200 }, EMAIL, PHONE],
    submit: 'Preisliste anfordern',
  },
  20: {
    fields: [NAME, EMAIL, PHONE, { name: 'message', label: 'Nachricht', type: 'textarea', required: true, autoComplete: 'off', maxLength: 5000 }],
    submit: 'Nachricht senden',
  },
};

function successText(formId: number, formal: boolean): string {
  if (formId === 16) {
    return formal
      ? 'Fast geschafft! Wir haben Ihnen eine E-Mail geschickt. Bitte bestätigen Sie Ihre Anmeldung mit dem Link darin.'
      : 'Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige deine Anmeldung mit dem Link darin.';
  }
  if (formId === 17) return 'Vielen Dank! Wir schicken Ihnen die Preisliste in Kürze per E-Mail.';
  return formal ? 'Vielen Dank! Ihre Nachricht ist bei uns angekommen. Wir melden uns in Kürze.' : 'Vielen Dank! Deine Nachricht ist bei uns angekommen. Wir melden uns bald.';
}

/** The shared rules of a form's fields: the required ones, and the e-mail's form. */
function rulesOf(fields: readonly Field[]): Schema {
  return Object.fromEntries(fields.map((f) => [f.name, [...(f.required ? [required] : []), ...(f.type === 'email' ? [email] : [])]]));
}

/** What is sent: the trimmed values, empty ones left out. */
const bodyOf = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, (v ?? '').trim()]).filter(([, v]) => v !== ''));

export function MarketingForm(props: SectionProps) {
  const { section } = props;
  const definition = FORMS[Number(section.form_id)];
  if (!definition) return null;
  return <MarketingFormFields {...props} definition={definition} />;
}

function MarketingFormFields(props: SectionProps & { definition: (typeof FORMS)[number] }) {
  const { section, audience, definition } = props;
  const formId = Number(section.form_id);
  const formal = audience === 'organization' || formId === 17;
  const send = useMutation({ mutationFn: (values: Record<string, string>) => api.post(`/forms/${formId}`, bodyOf(values)) });
  const { ref, onSubmit, busy, field, refusal } = useMutationForm<Record<string, string>>({
    mutation: send,
    defaultValues: Object.fromEntries(definition.fields.map((f) => [f.name, ''])),
    rules: rulesOf(definition.fields),
  });

  return (
    <SectionFrame {...props} className={styles.formSection}>
      <RichText text={typeof section.content === 'string' ? section.content : undefined} />
      {send.isSuccess ? (
        <p role="status" className={styles.success}>{successText(formId, formal)}</p>
      ) : (
        <form ref={ref} onSubmit={onSubmit} noValidate data-form-id={formId}>
          {definition.fields.map((f) => {
            const { error, ...input } = field(f.name);
            const id = `form-${formId}-${f.name}`;
            return f.type === 'textarea' ? (
              <div key={f.name} className={form.field}>
                <label htmlFor={id}>{f.label}</label>
                <textarea id={id} rows={5} required={f.required} maxLength={f.maxLength}
                  aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
                {error && <p id={`${id}-error`} className={form.error}>{error}</p>}
              </div>
            ) : (
              <TextField key={f.name} id={id} label={f.label} type={f.type}
                required={f.required} autoComplete={f.autoComplete} maxLength={f.maxLength} error={error} {...input} />
            );
          })}
          <p className={styles.privacy}>
            {formId === 16
              ? 'Wir schicken dir zuerst eine E-Mail mit einem Bestätigungslink; erst nach deinem Klick tragen wir dich ein. Abmelden kannst du dich jederzeit. '
              : formal
                ? 'Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten. '
                : 'Wir verwenden deine Angaben nur, um deine Anfrage zu beantworten. '}
            <Link to={audience === 'organization' ? '/recruiting/datenschutzhinweise' : '/datenschutz'}>Datenschutz</Link>
          </p>
          {refusal !== undefined && (
            <p role="alert" className={form.error}>
              {refusal ||
                (formal ? 'Das hat leider nicht geklappt. Bitte versuchen Sie es in einem Moment noch einmal.' : 'Das hat leider nicht geklappt. Bitte versuche es in einem Moment noch einmal.')}
            </p>
          )}
          <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy}>
            {busy ? 'Wird gesendet …' : definition.submit}
          </button>
        </form>
      )}
    </SectionFrame>
  );
}
