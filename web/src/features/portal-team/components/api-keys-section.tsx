// The section "API-Schlüssel" of the team page (docs/reach.md, "Provider-API"), for the owner of an
// organization that may act: the keys with their scopes, creation and last use; a new key with a
// name and its scopes, whose secret is shown once with a copy button; revoking after a confirmation.
// The server decides who may (only the owner; docs/routes.md); the page shows the section only to them.
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
import { API_SCOPES, apiKeysQueryOptions, useCreateApiKey, useRevokeApiKey, type ApiKey, type ApiScope, type CreatedApiKey } from '../api/api-keys';

/** The server's bound of a key's name (actors/accounts/api_keys.cpp), counted in characters. */
const NAME_MAX = 100;
const nameLength: Rule = (v) => (typeof v === 'string' && [...v.trim()].length > NAME_MAX ? 'Der Name darf höchstens 100 Zeichen lang sein.' : null);
const someScope: Rule = (v) => (Array.isArray(v) && v.length > 0 ? null : 'Bitte wählen Sie mindestens eine Berechtigung.');

const scopeName = (code: string) => API_SCOPES.find((s) => s.code === code)?.name ?? code;

export function ApiKeysSection({ organizationId }: { organizationId: number }) {
  const keys = useQuery(apiKeysQueryOptions(organizationId));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <section aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading">API-Schlüssel</h2>
      <p>
        Mit einem API-Schlüssel erreicht Ihr eigenes System (z. B. ein Bewerbermanagement) Ihre Stellenanzeigen und Bewerbungen über unsere
        Schnittstelle, im Rahmen der gewählten Berechtigungen. Senden Sie ihn als <code>Authorization: Bearer jhk_…</code>; die Beschreibung
        der Schnittstelle steht unter <a href="/api/openapi.json">/api/openapi.json</a>.
      </p>
      <CreateKeyForm organizationId={organizationId} onCreated={setCreated} />
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      <LoadedList
        query={keys}
        label="API-Schlüssel"
        words={{
          loading: 'Die API-Schlüssel werden geladen …',
          failed: 'Die API-Schlüssel konnten nicht geladen werden. Bitte versuchen Sie es noch einmal.',
          empty: 'Ihr Unternehmen hat noch keinen API-Schlüssel.',
        }}
        row={(key) => <KeyRow key={key.id} apiKey={key} organizationId={organizationId} />}
      />
    </section>
  );
}

type KeyValues = { name: string; scopes: ApiScope[] };

function CreateKeyForm({ organizationId, onCreated }: { organizationId: number; onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey(organizationId);
  const { form: state, ref, onSubmit, busy, field, error, refusal } = useMutationForm<KeyValues, CreatedApiKey>({
    mutation: { isPending: create.isPending, mutateAsync: (values) => create.mutateAsync({ name: values.name.trim(), scopes: values.scopes }) },
    defaultValues: { name: '', scopes: [] },
    rules: { name: [required, nameLength], scopes: [someScope] },
    onSuccess: (key) => {
      onCreated(key);
      state.reset();
    },
    describe: (failure) => providerMessage(failure),
  });
  const scopesError = error('scopes');
  return (
    <form ref={ref} className={styles.form} onSubmit={onSubmit} noValidate aria-label="API-Schlüssel anlegen">
      <h3>Neuen Schlüssel anlegen</h3>
      <TextField label="Name des Schlüssels" autoComplete="off" maxLength={NAME_MAX} {...field('name')} required />
      <CodeCheckboxes legend="Berechtigungen" options={API_SCOPES} registration={state.register('scopes')} error={scopesError} />
      <FormRefusal refusal={refusal} />
      <div>
        <button className={form.button} type="submit" disabled={busy}>
          {busy ? 'Wird angelegt …' : 'Schlüssel anlegen'}
        </button>
      </div>
    </form>
  );
}

/** The new key, this once: copied by a button, then put away by the owner. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <ShownOnce label="Neuer API-Schlüssel" value={created.key} testId="new-api-key" onDone={onDone}
      noun={{ plain: 'Schlüssel', the: 'den Schlüssel', The: 'Der Schlüssel' }}>
      Der Schlüssel „{created.name}“ ist angelegt. <strong>Kopieren Sie ihn jetzt: Er wird nur dieses eine Mal angezeigt.</strong> Wir
      speichern ihn nicht im Klartext und können ihn Ihnen später nicht mehr zeigen.
    </ShownOnce>
  );
}

function KeyRow({ apiKey, organizationId }: { apiKey: ApiKey; organizationId: number }) {
  const revoke = useRevokeApiKey(organizationId);
  const used = apiKey.lastUsedAt ? `zuletzt verwendet ${formatDateTime(apiKey.lastUsedAt)}` : 'noch nie verwendet';
  return (
    <li className={styles.job}>
      <p>
        <strong>{apiKey.name}</strong> <code>{apiKey.prefix}…</code>
      </p>
      <p className={styles.meta}>
        {apiKey.scopes.map(scopeName).join(', ')} · angelegt {formatDateTime(apiKey.createdAt)}
        {apiKey.createdBy ? ` von ${apiKey.createdBy}` : ''} · {used}
        {apiKey.revokedAt && ` · widerrufen ${formatDateTime(apiKey.revokedAt)}`}
      </p>
      {!apiKey.revokedAt && !apiKey.usable && (
        <p className={styles.meta}>
          Gilt nicht mehr: Wer ihn angelegt hat, verwaltet das Unternehmenskonto nicht mehr oder hat sich überall abgemeldet. Bitte
          widerrufen Sie ihn und legen Sie einen neuen an.
        </p>
      )}
      {!apiKey.revokedAt && (
        <div className={form.row}>
          <ConfirmedButton label="Widerrufen" confirmLabel={`„${apiKey.name}“ wirklich widerrufen`} busyLabel="Wird widerrufen …"
            pending={revoke.isPending} onConfirm={() => revoke.mutate(apiKey.id)} />
        </div>
      )}
      <ActionFailure error={revoke.error} describe={providerMessage} />
    </li>
  );
}
