// End to end: the conversation of an application (issue 29) against the real server, its mails
// from the SMTP sink and the administrator's CLI. An approved organization publishes a job, a
// confirmed candidate applies; the member opens the applicant in the portal and writes a message;
// the candidate gets the mail, reads the message on /meine-bewerbungen and replies there; the member
// sees the reply on the applicant page, and the job's contact gets a mail about it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiJson, giveConsent, openBrowser, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { mailsTo } from './mail.mjs';
import { approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `gespraech-${stamp}@example.org`;
const company = `Gesprächsbereit Events ${stamp}`;
const title = `Standpromoter (m/w/d) ${stamp}`;
const applicantEmail = `antwortet-${stamp}@example.org`;

let provider;
let candidate;

before(async () => {
  provider = await openBrowser();
  candidate = await openBrowser({ viewport: { width: 390, height: 844 } });
  await giveConsent(provider.context);
  await giveConsent(candidate.context);
});

after(async () => {
  await provider?.close();
  await candidate?.close();
});

/** Waits (up to 20 s) for a mail to `to` with `subject` whose text contains `text`. */
async function mailWith(to, subject, text) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await mailsTo(to, { subject })).find((m) => m.text.includes(text));
    if (found) return found;
    assert.ok(Date.now() < deadline, `no mail "${subject}" to ${to} with "${text}" within 20 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Signs the member in through the portal and publishes a job (one request, as the editor sends it). Answers its id. */
async function publishJob(page) {
  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  // An activity as the seeded jobs carry it.
  const seeded = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=1');
  const detail = await apiJson(`/api/job_postings/${seeded.body['hydra:member'][0].id}`);
  const activity = detail.body.activities[0];
  const created = await page.evaluate(
    async (job) => {
      const response = await fetch('/api/job_postings?publish=1', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(job),
      });
      return { status: response.status, body: await response.json() };
    },
    {
      title,
      description: 'Zwei Tage am Messestand: Besucher ansprechen und Proben verteilen.',
      activities: [typeof activity === 'object' ? (activity.id ?? activity.slug) : activity],
      locations: [{ city: 'Rostock' }],
      baseSalary: 15,
      salaryUnit: 'hour',
    },
  );
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id;
}

test('the member writes to an applicant; she gets the mail, reads it on /meine-bewerbungen and replies; the member sees the reply', async () => {
  await approvedOrganizationMember({ email, password: PASSWORD, company });
  const { page: portal } = provider;
  const jobId = await publishJob(portal);

  // The candidate applies.
  const { page: mine } = candidate;
  await registerConfirmedCandidate(mine, applicantEmail);
  await fillDataForApplying(mine);
  const applied = await mine.evaluate(async (id) => {
    const response = await fetch(`/api/job_postings/${id}/apply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ notes: 'Ich bin an beiden Tagen da.' }),
    });
    return { status: response.status, body: await response.json() };
  }, jobId);
  assert.equal(applied.status, 201, JSON.stringify(applied.body));
  const applicationId = applied.body.id;

  // Before the organization writes, the candidate cannot start the conversation.
  await mine.goto(url('/meine-bewerbungen'));
  const entry = mine.getByRole('listitem').filter({ hasText: title });
  await entry.getByText('Sobald der Jobanbieter dir schreibt, kannst du hier antworten.').waitFor();

  // The member opens the applicant and writes a message ("Sie").
  const message = `Können Sie am Samstag um 9 Uhr am Stand sein? (${stamp})`;
  await portal.goto(url(`/recruiting/portal/bewerbungen/${applicationId}`));
  await portal.getByRole('heading', { name: /Jana Muster/ }).waitFor();
  const write = portal.getByRole('form', { name: 'Nachricht schreiben' });
  await write.getByLabel('Ihre Nachricht an Jana Muster').fill(message);
  await write.getByRole('button', { name: 'Nachricht senden' }).click();
  await write.getByRole('status').getByText(/^Ihre Nachricht ist gesendet\./).waitFor();
  const thread = portal.getByRole('list', { name: 'Nachrichten zur Bewerbung' });
  await thread.getByText(message).waitFor();

  // The candidate's mail carries the message and leads to her applications.
  const mail = await mailWith(applicantEmail, 'Neuigkeiten zu deiner Bewerbung', message);
  assert.match(mail.text, new RegExp(`Du hast eine neue Nachricht von ${company}\\.`));
  assert.match(mail.text, /\/meine-bewerbungen/);

  // She reads it on /meine-bewerbungen and replies ("du").
  const reply = `Ja, ich bin um 9 Uhr da. Bis Samstag! (${stamp})`;
  await mine.goto(url('/meine-bewerbungen'));
  await entry.getByRole('list', { name: 'Nachrichten zur Bewerbung' }).getByText(message).waitFor();
  await entry.getByLabel(`Deine Antwort an ${company}`).fill(reply);
  await entry.getByRole('button', { name: 'Antwort senden' }).click();
  await entry.getByRole('status').getByText(/^Deine Nachricht ist gesendet\./).waitFor();
  await entry.getByRole('list', { name: 'Nachrichten zur Bewerbung' }).getByText(reply).waitFor();
  // Nothing on the phone page is wider than the screen.
  assert.ok(await mine.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the page scrolls sideways at 390 px');

  // The member sees the reply on the applicant page; the job's contact is told by mail.
  await portal.reload();
  const replied = portal.getByRole('list', { name: 'Nachrichten zur Bewerbung' });
  await replied.getByText(reply).waitFor();
  await replied.getByRole('listitem').filter({ hasText: reply }).getByText(/^Jana Muster · /).waitFor();
  const told = await mailWith(email, 'Neue Nachricht zur Bewerbung', reply);
  assert.match(told.text, new RegExp(`/recruiting/portal/bewerbungen/${applicationId}`));

  assert.deepEqual(provider.pageErrors(), []);
  assert.deepEqual(candidate.pageErrors(), []);
});
