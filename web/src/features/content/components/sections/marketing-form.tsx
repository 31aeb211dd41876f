// The content's marketing forms (POST /api/forms/{formId}): 16 newsletter (double opt-in: the
// server mails a confirmation link to /newsletter-bestaetigen/{token}), 17 price list, 20 contact.
// Rules the server checks (required fields, e-mail, lengths) come back as German messages per field.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '@/shared/api/client';
import form from '@/shared/ui/form.module.css';
import { TextField } from '@/shared/ui/text-field';
import { serverErrors } from '@/shared/validation/server-errors';
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

export function MarketingForm(props: SectionProps) {
  const { section, audience } = props;
  const formId = Number(section.form_id);
  const definition = FORMS[formId];
  const formal = audience === 'organization' || formId === 17;
  const [values, setValues] = useState<Record<string, string>>({});
  const send = useMutation({ mutationFn: (body: Record<string, string>) => api.post(`/forms/${formId}`, body) });
  if (!definition) return null;
  const errors = send.isError ? serverErrors(send.error) : {};
  const generalError = send.isError && Object.keys(errors).length === 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
    send.mutate(body);
  };

  return (
    <SectionFrame {...props} className={styles.formSection}>
      <RichText text={typeof section.content === 'string' ? section.content : undefined} />
      {send.isSuccess ? (
        <p role="status" className={styles.success}>{successText(formId, formal)}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate data-form-id={formId}>
          {definition.fields.map((field) =>
            field.type === 'textarea' ? (
              <div key={field.name} className={form.field}>
                <label htmlFor={`form-${formId}-${field.name}`}>{field.label}</label>
                <textarea id={`form-${formId}-${field.name}`} name={field.name} rows={5} required={field.required} maxLength={field.maxLength}
                  aria-invalid={errors[field.name] ? true : undefined} aria-describedby={errors[field.name] ? `form-${formId}-${field.name}-error` : undefined}
                  value={values[field.name] ?? ''} onChange={(e) => setValues({ ...values, [field.name]: e.target.value })} />
                {errors[field.name] && <p id={`form-${formId}-${field.name}-error`} className={form.error}>{errors[field.name]}</p>}
              </div>
            ) : (
              <TextField key={field.name} id={`form-${formId}-${field.name}`} name={field.name} label={field.label} type={field.type}
                required={field.required} autoComplete={field.autoComplete} maxLength={field.maxLength} error={errors[field.name]}
                value={values[field.name] ?? ''} onChange={(e) => setValues({ ...values, [field.name]: e.target.value })} />
            ),
          )}
          <p className={styles.privacy}>
            {formId === 16
              ? 'Wir schicken dir zuerst eine E-Mail mit einem Bestätigungslink; erst nach deinem Klick tragen wir dich ein. Abmelden kannst du dich jederzeit. '
              : formal
                ? 'Wir verwenden Ihre Angaben nur, um Ihre Anfrage zu beantworten. '
                : 'Wir verwenden deine Angaben nur, um deine Anfrage zu beantworten. '}
            <Link to={audience === 'organization' ? '/recruiting/datenschutzhinweise' : '/datenschutz'}>Datenschutz</Link>
          </p>
          {generalError && (
            <p role="alert" className={form.error}>
              {formal ? 'Das hat leider nicht geklappt. Bitte versuchen Sie es in einem Moment noch einmal.' : 'Das hat leider nicht geklappt. Bitte versuche es in einem Moment noch einmal.'}
            </p>
          )}
          <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={send.isPending}>
            {send.isPending ? 'Wird gesendet …' : definition.submit}
          </button>
        </form>
      )}
    </SectionFrame>
  );
}
