// End to end: a provider's webhooks (docs/reach.md, "Webhooks") against the real server and the real
// `provider_webhooks` worker. The owner of an approved organization adds an endpoint on the portal's
// team page (its secret is shown once), presses "Test senden", and the delivery log shows the test
// "zugestellt" once a receiver in this test process has answered; the receiver verifies the
// Standard Webhooks signature with node:crypto. ops/test starts the e2e server and workers with
// webhook.allow_loopback_targets, so http://127.0.0.1 is an allowed address here.
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { test } from 'node:test';
import { withBrowser } from './browser.mjs';
import { approvedOrganizationMember, signInToPortal } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** A receiver on 127.0.0.1 that keeps each request and answers 204. */
async function startReceiver() {
  const received = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${server.address().port}/jobhafen-hook`, close: () => new Promise((r) => server.close(r)) };
}

/** The check a receiver makes: v1 HMAC-SHA256 over id.timestamp.body with the secret's bytes. */
function verifies(secret, { headers, body }) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return (headers['webhook-signature'] ?? '').split(' ').some((part) => {
    const [version, signature] = part.split(',');
    const given = Buffer.from(signature ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

test('an owner adds a webhook endpoint, presses "Test senden" and sees the delivery "zugestellt"', async () => {
  const receiver = await startReceiver();
  try {
    const email = `hook-owner-${stamp}@example.org`;
    await approvedOrganizationMember({ email, password: PASSWORD, company: `Haken Events ${stamp}` });
    await withBrowser(async ({ page }) => {
      await signInToPortal(page, email, PASSWORD);
      await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Team' }).click();
      await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();
      const create = page.getByRole('form', { name: 'Webhook-Endpunkt hinzufügen' });
      await create.getByLabel(/Adresse/).fill(receiver.url);
      await create.getByLabel(/Neue Bewerbung/).check();
      await create.getByRole('button', { name: 'Endpunkt hinzufügen' }).click();
      const shown = page.getByRole('region', { name: 'Neuer Webhook-Endpunkt' });
      await shown.getByText('Es wird nur dieses eine Mal angezeigt.').waitFor();
      const secret = (await shown.getByTestId('new-webhook-secret').textContent()).trim();
      assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      await shown.getByRole('button', { name: 'Ich habe das Geheimnis gesichert' }).click();

      const row = page.getByRole('list', { name: 'Webhook-Endpunkte' }).getByRole('listitem').filter({ hasText: receiver.url });
      await row.getByRole('button', { name: 'Test senden' }).click();
      const log = row.getByRole('table', { name: `Zustellungen an ${receiver.url}` });
      await log.getByRole('cell', { name: 'zugestellt' }).waitFor({ timeout: 30_000 });
      const cells = await log.getByRole('row').nth(1).textContent();
      assert.match(cells, /Testereignis/);
      assert.match(cells, /204/);

      assert.equal(receiver.received.length, 1, 'the test arrived once');
      const [got] = receiver.received;
      assert.equal(JSON.parse(got.body).type, 'webhook.test');
      assert.match(got.headers['webhook-id'], /^msg_[0-9a-f]{32}$/);
      assert.ok(verifies(secret, got), 'the Standard Webhooks signature verifies with the secret shown once');
      assert.ok(!verifies(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got), 'and not with another secret');
    });
  } finally {
    await receiver.close();
  }
});
