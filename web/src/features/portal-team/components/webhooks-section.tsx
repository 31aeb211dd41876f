// The section "Webhooks" of the team page (docs/reach.md, "Webhooks"), for the owner of an
// organization that may act: the endpoints our server sends application events to, each with its
// events, a "Test senden" button, its delivery log (time, event, status code, attempts and whether
// it arrived) and removal after a confirmation; a new endpoint with its https address and events,
// whose signing secret is shown once with a copy button. The server decides who may (only the owner).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import form from '@/shared/ui/form.module.css';
import { ConfirmedButton } from './confirmed-button';
import { TextField } from '@/shared/ui/text-field';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import { ActionFailure, FormRefusal } from '@/shared/forms/form-refusal';
import { CodeCheckboxes } from './code-checkboxes';
import { ShownOnce } from './shown-once';
import { LoadedList } from './loaded-list';
import { required, type Rule } from '@/shared/validation';
import styles from '@/shared/portal/portal.module.css';
import { formatDateTime } from '@/shared/portal/format';
import { providerMessage } from '@/shared/portal/messages';
import {
  WEBHOOK_EVENTS,
  useCreateWebhook,
  useRemoveWebhook,
  useTestWebhook,
  webhookDeliveriesQueryOptions,
  webhooksQueryOptions,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../api/webhooks';

/** The server's bound of an address (migrations/0387). */
const URL_MAX = 2000;
// Only the form is checked here; https, public addresses and the rest are the server's rules
// (messages/provider_webhook.cpp), whose German message lands on the field.
const urlForm: Rule = (v) =>
  typeof v !== 'string' || v.trim() === ''
    ? null
    : v.trim().length > URL_MAX
      ? 'Die Adresse darf höchstens 2.000 Zeichen lang sein.'
      : /^https?:\/\/[^\s/?#]+/i.test(v.trim())
        ? null
        : 'Bitte geben Sie eine gültige Adresse an, z. B. https://ats.example.de/jobhafen/webhooks.';
const someEvent: Rule = (v) => (Array.isArray(v) && v.length > 0 ? null : 'Bitte wählen Sie mindestens ein Ereignis.');

const eventName = (code: string) => (code === 'webhook.test' ? 'Testereignis' : (WEBHOOK_EVENTS.find((e) => e.code === code)?.name ?? code));

const STATE_WORDS: Record<WebhookDelivery['state'], string> = {
  pending: 'wird gesendet',
  retrying: 'wird erneut versucht',
  delivered: 'zugestellt',
  failed: 'fehlgeschlagen',
};

export function WebhooksSection({ organizationId }: { organizationId: number }) {
  const endpoints = useQuery(webhooksQueryOptions(organizationId));
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  return (
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p>
        Bei jeder neuen Bewerbung und jeder Statusänderung einer Bewerbung senden wir Ihrem System (z. B. einem Bewerbermanagement) eine
        Nachricht an die Adresse, die Sie hier angeben. Jede Nachricht ist nach dem Standard Webhooks signiert (Kopfzeilen{' '}
        <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>); sie nennt die Bewerbung, die Anzeige und
        den Status. Die Einzelheiten ruft Ihr System mit einem API-Schlüssel ab. Antwortet Ihr System nicht, versuchen wir es mehrmals mit
        wachsendem Abstand erneut.
      </p>
      <CreateWebhookForm organizationId={organizationId} onCreated={setCreated} />
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      <LoadedList
        query={endpoints}
        label="Webhook-Endpunkte"
        words={{
          loading: 'Die Webhooks werden geladen …',
          failed: 'Die Webhooks konnten nicht geladen werden. Bitte versuchen Sie es noch einmal.',
          empty: 'Ihr Unternehmen hat noch keinen Webhook-Endpunkt.',
        }}
        row={(endpoint) => <EndpointRow key={endpoint.id} endpoint={endpoint} organizationId={organizationId} />}
      />
    </section>
  );
}

type EndpointValues = { url: string; events: WebhookEvent[] };

function CreateWebhookForm({ organizationId, onCreated }: { organizationId: number; onCreated: (e: CreatedWebhookEndpoint) => void }) {
  const create = useCreateWebhook(organizationId);
  const { form: state, ref, onSubmit, busy, field, error, refusal } = useMutationForm<EndpointValues, CreatedWebhookEndpoint>({
    mutation: { isPending: create.isPending, mutateAsync: (values) => create.mutateAsync({ url: values.url.trim(), events: values.events }) },
    defaultValues: { url: '', events: [] },
    rules: { url: [required, urlForm], events: [someEvent] },
    onSuccess: (endpoint) => {
      onCreated(endpoint);
      state.reset();
    },
    describe: (failure) => providerMessage(failure),
  });
  const eventsError = error('events');
  return (
    <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate aria-label="Webhook-Endpunkt hinzufügen">
      <h3>Neuen Endpunkt hinzufügen</h3>
      <TextField label="Adresse (https://…)" type="url" autoComplete="off" maxLength={URL_MAX} {...field('url')} required />
      <CodeCheckboxes legend="Ereignisse" options={WEBHOOK_EVENTS} registration={state.register('events')} error={eventsError} />
      <FormRefusal refusal={refusal} />
      <div>
        <button className={form.button} type="submit" disabled={busy}>
          {busy ? 'Wird hinzugefügt …' : 'Endpunkt hinzufügen'}
        </button>
      </div>
    </form>
  );
}

/** The signing secret, this once: copied by a button, then put away by the owner. */
function NewSecret({ created, onDone }: { created: CreatedWebhookEndpoint; onDone: () => void }) {
  return (
    <ShownOnce label="Neuer Webhook-Endpunkt" value={created.secret} testId="new-webhook-secret" onDone={onDone}
      noun={{ plain: 'Geheimnis', the: 'das Geheimnis', The: 'Das Geheimnis' }}>
      Der Endpunkt {created.url} ist angelegt. Mit diesem Geheimnis prüft Ihr System die Signatur jeder Nachricht.{' '}
      <strong>Kopieren Sie es jetzt: Es wird nur dieses eine Mal angezeigt.</strong>
    </ShownOnce>
  );
}

function EndpointRow({ endpoint, organizationId }: { endpoint: WebhookEndpoint; organizationId: number }) {
  const remove = useRemoveWebhook(organizationId);
  const test = useTestWebhook(organizationId, endpoint.id);
  const [showLog, setShowLog] = useState(false);
  return (
    <li className={styles.job}>
      <p>
        <strong>{endpoint.url}</strong>
      </p>
      <p className={styles.meta}>
        {endpoint.events.map(eventName).join(', ')} · angelegt {formatDateTime(endpoint.createdAt)}
        {endpoint.createdBy ? ` von ${endpoint.createdBy}` : ''}
      </p>
      <div className={form.row}>
        <button
          type="button"
          className={form.button}
          disabled={test.isPending}
          onClick={() => test.mutate(undefined, { onSuccess: () => setShowLog(true) })}
        >
          {test.isPending ? 'Wird gesendet …' : 'Test senden'}
        </button>
        <button type="button" className={form.secondary} aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Zustellungen ausblenden' : 'Zustellungen anzeigen'}
        </button>
        <ConfirmedButton label="Entfernen" confirmLabel="Endpunkt wirklich entfernen" busyLabel="Wird entfernt …"
          pending={remove.isPending} onConfirm={() => remove.mutate(endpoint.id)} />
      </div>
      {test.isSuccess && <p role="status">Das Testereignis ist unterwegs.</p>}
      <ActionFailure error={test.error} describe={providerMessage} />
      <ActionFailure error={remove.error} describe={providerMessage} />
      {showLog && <DeliveryLog organizationId={organizationId} endpoint={endpoint} />}
    </li>
  );
}

function DeliveryLog({ organizationId, endpoint }: { organizationId: number; endpoint: WebhookEndpoint }) {
  const deliveries = useQuery(webhookDeliveriesQueryOptions(organizationId, endpoint.id));
  if (deliveries.isPending) return <p role="status">Die Zustellungen werden geladen …</p>;
  if (deliveries.isError)
    return <p role="alert">{providerMessage(deliveries.error, 'Die Zustellungen konnten nicht geladen werden. Bitte versuchen Sie es noch einmal.')}</p>;
  const rows = deliveries.data['hydra:member'];
  if (rows.length === 0) return <p>An diesen Endpunkt wurde noch nichts gesendet.</p>;
  return (
    <table className={styles.sources} aria-label={`Zustellungen an ${endpoint.url}`}>
      <caption>Die letzten Zustellungen (höchstens 100, 30 Tage lang)</caption>
      <thead>
        <tr>
          <th scope="col">Zeit</th>
          <th scope="col">Ereignis</th>
          <th scope="col">Status-Code</th>
          <th scope="col">Versuche</th>
          <th scope="col">Stand</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.id}>
            <td>{formatDateTime(d.createdAt)}</td>
            <td>{eventName(d.eventType)}</td>
            <td>{d.lastStatus ?? '–'}</td>
            <td>{d.attempts}</td>
            <td>
              {STATE_WORDS[d.state]}
              {d.state === 'retrying' && d.nextAttemptAt && ` (nächster Versuch ${formatDateTime(d.nextAttemptAt)})`}
              {d.lastError && d.state !== 'delivered' && <span className={styles.meta}> – {d.lastError}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
