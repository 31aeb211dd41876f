// End to end: the provider API (docs/reach.md, "Provider-API") against the real server. The owner
// of an approved organization creates an API key on the portal's team page (name and scopes; the
// key is shown once), a program outside the browser uses it with fetch to list the organization's
// jobs, the owner revokes it in the portal after confirming, and the same request is then a 401.
// The OpenAPI document the server writes from its route table passes a standard OpenAPI 3.1
// validator (npm `@seriousme/openapi-schema-validator`) and declares the key scopes and schemes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { url, withBrowser } from './browser.mjs';
import { approvedOrganizationMember, signInToPortal } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** The organization's jobs as an integration reads them with `key`. */
function listJobs(organizationId, key) {
  return fetch(url(`/api/organizations/${organizationId}/job_postings`), { headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' } });
}

test('an owner creates an API key in the portal, a program lists the jobs with it, and after revoking it is refused', async () => {
  const email = `api-owner-${stamp}@example.org`;
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company: `Schnittstellen Events ${stamp}` });
  await withBrowser(async ({ page }) => {
    await signInToPortal(page, email, PASSWORD);
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { level: 2, name: 'API-Schlüssel' }).waitFor();
    const create = page.getByRole('form', { name: 'API-Schlüssel anlegen' });
    await create.getByLabel(/Name des Schlüssels/).fill('Bewerbermanagement');
    await create.getByLabel(/Stellenanzeigen lesen/).check();
    await create.getByRole('button', { name: 'Schlüssel anlegen' }).click();
    const shown = page.getByRole('region', { name: 'Neuer API-Schlüssel' });
    await shown.getByText('Er wird nur dieses eine Mal angezeigt.').waitFor();
    const key = (await shown.getByTestId('new-api-key').textContent()).trim();
    assert.match(key, /^jhk_[A-Za-z0-9_-]{43}$/);

    // A program outside the browser: the key alone lists the organization's jobs.
    const listed = await listJobs(organizationId, key);
    assert.equal(listed.status, 200, await listed.clone().text());
    assert.ok(Array.isArray((await listed.json())['hydra:member']));
    // Its scope does not reach the applications.
    const applications = await fetch(url(`/api/organizations/${organizationId}/applications`), { headers: { Authorization: `Bearer ${key}` } });
    assert.equal(applications.status, 403);

    await shown.getByRole('button', { name: 'Ich habe den Schlüssel gesichert' }).click();
    await page.reload();
    const row = page.getByRole('list', { name: 'API-Schlüssel' }).getByRole('listitem').filter({ hasText: 'Bewerbermanagement' });
    await row.getByText(/zuletzt verwendet/).waitFor();
    assert.equal(await page.getByText(key).count(), 0, 'the key is shown only once');
    await row.getByRole('button', { name: 'Widerrufen' }).click();
    await row.getByRole('button', { name: '„Bewerbermanagement“ wirklich widerrufen' }).click();
    await row.getByText(/widerrufen \d/).waitFor();

    const refused = await listJobs(organizationId, key);
    assert.equal(refused.status, 401);
    assert.equal((await refused.json()).message, 'Dieser API-Schlüssel ist ungültig oder wurde widerrufen.');
  });
});

test('GET /api/openapi.json is a valid OpenAPI 3.1 document of the route table, with the key scopes', async () => {
  const response = await fetch(url('/api/openapi.json'));
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(response.headers.get('cache-control'), 'public, max-age=3600');
  const etag = response.headers.get('etag');
  assert.match(etag ?? '', /^"[0-9a-f]{32}"$/);
  const document = await response.json();

  const validator = new Validator();
  const result = await validator.validate(document);
  assert.deepEqual(result.errors ?? [], [], 'the OpenAPI validator found errors');
  assert.equal(result.valid, true);
  assert.equal(validator.version, '3.1');

  // The schemes: the session cookie, the session's bearer token, the provider's API key.
  const schemes = document.components.securitySchemes;
  assert.deepEqual(Object.keys(schemes).sort(), ['providerApiKey', 'sessionCookie', 'sessionToken']);
  assert.equal(schemes.providerApiKey.scheme, 'bearer');
  // Each key route names its scope; an account route accepts no key.
  const jobs = document.paths['/api/organizations/{id}/job_postings'].get;
  assert.deepEqual(jobs.security.find((s) => s.providerApiKey), { providerApiKey: ['jobs:read'] });
  assert.equal(jobs['x-jobhafen-key-scope'], 'jobs:read');
  assert.deepEqual(document.paths['/api/job_postings'].post.security.find((s) => s.providerApiKey), { providerApiKey: ['jobs:write'] });
  assert.deepEqual(document.paths['/api/applications/{id}'].get.security.find((s) => s.providerApiKey), { providerApiKey: ['applications:read'] });
  assert.equal(document.paths['/api/organization_members/me'].get.security.some((s) => s.providerApiKey), false);
  // A public route reads no credentials; path parameters are declared.
  assert.deepEqual(document.paths['/api/job_postings/{id}'].get.security, []);
  assert.deepEqual(document.paths['/api/organizations/{id}/api_keys/{key}'].parameters.map((p) => p.name), ['id', 'key']);
  // Operation ids are unique.
  const ids = Object.values(document.paths).flatMap((item) => Object.values(item).filter((op) => op && op.operationId).map((op) => op.operationId));
  assert.equal(new Set(ids).size, ids.length);

  // Revalidation answers 304 without the document.
  const again = await fetch(url('/api/openapi.json'), { headers: { 'If-None-Match': etag } });
  assert.equal(again.status, 304);
});
