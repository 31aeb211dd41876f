// End to end (issue 29, "Job list" and "Views counted honestly"), against the real server and its
// mails in the SMTP sink: a visitor who declines cookies in the banner views a job's page twice
// (a reload: the same browser the same day counts once, issue 39), and the provider's job list and
// overview show 1 view in the last 30 days,
// with the hint what they count; the list shows applications, the end date and the days left.
// The provider duplicates the job and gets "… (Kopie)"; publishing the copy beyond the quota
// leads to the ad packages. On the team page the provider re-sends an invitation: a confirmation,
// and a second mail with a new link arrives.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { artifactsDir, giveConsent, openBrowser, url } from './browser.mjs';
import { mailsTo, waitForMail } from './mail.mjs';
import { approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `stats-${stamp}@example.org`;
const colleague = `stats-colleague-${stamp}@example.org`;
const company = `Hafenzahlen Events ${stamp}`;
const title = `Zähl-Promoter (m/w/d) ${stamp}`;

let provider;
let visitor;

before(async () => {
  provider = await openBrowser();
  visitor = await openBrowser();   // no consent cookie: the banner asks, and the visitor declines
  await giveConsent(provider.context);
});

after(async () => {
  await provider?.close();
  await visitor?.close();
});

async function signIn(page) {
  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
}

/** A published job with an end date in 12 days, saved and published the way the editor sends it. */
async function publishJob(page) {
  const answer = await page.evaluate(async (jobTitle) => {
    const activities = await (await fetch('/api/reference_lists/activities')).json();
    const end = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
    const response = await fetch('/api/job_postings?publish=1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        title: jobTitle,
        description: 'Sie begrüßen Gäste an unserem Stand und erklären unsere Produkte.',
        activities: [activities['hydra:member'][0].code],
        locations: [{ city: 'Husum' }],
        validThrough: end,
        baseSalary: 15,
        salaryUnit: 'hour',
      }),
    });
    return { status: response.status, body: await response.json() };
  }, title);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body;
}

/** The visitor opens the job's page and waits until the page has told the server it was seen. */
async function viewJob(page, path, load) {
  const counted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/views'));
  await load();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  assert.equal((await counted).status(), 204);
  assert.equal(new URL(page.url()).pathname, path);
}

test('views without cookies reach the job list and the overview; a copy is "… (Kopie)"; an invitation is re-sent', async () => {
  await approvedOrganizationMember({ email, password: PASSWORD, company });
  const { page, pageErrors } = provider;
  const dir = await artifactsDir();
  await signIn(page);
  const job = await publishJob(page);

  // The visitor declines cookies in the banner and views the job twice (a reload).
  const seen = visitor.page;
  await viewJob(seen, job.publicUrl, () => seen.goto(url(job.publicUrl)));
  await seen.getByRole('button', { name: 'Nur notwendige' }).click();
  const tracked = [];
  seen.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/webhook/') && tracked.push(r.url()));
  await viewJob(seen, job.publicUrl, () => seen.reload());
  assert.deepEqual(tracked, [], 'tracking events were sent after cookies were declined');
  // Declined: the consent cookie says so (and the reload above sent no tracking event).
  const consent = (await visitor.context.cookies()).find((c) => c.name === 'cookie_consent');
  assert.match(decodeURIComponent(consent?.value ?? ''), /"choice":"required"/);
  assert.deepEqual(visitor.pageErrors(), []);

  // The provider's job list: 1 view (the reload was the same browser), no application yet, the end
  // date in 12 days.
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Stellenanzeigen' }).click();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
  const figures = item.locator('dl');
  await figures.getByText('Aufrufe (30 Tage)').waitFor();
  const [views, applications, end] = await figures.locator('dd').allTextContents();
  assert.deepEqual([views, applications], ['1', '0']);
  // The end date was sent as the UTC day in 12 days: 11 days in Berlin's first hour after midnight.
  assert.match(end, /^\d{2}\.\d{2}\.\d{4} \(noch 1[12] Tage\)$/);
  await page.getByText(/^Aufrufe der Stellenseite in den letzten 30 Tagen, ohne Cookies gezählt/).waitFor();
  await page.screenshot({ path: `${dir}/job-stats-list.png`, fullPage: true });

  // The overview counts the same views.
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Übersicht' }).click();
  const tile = page.getByRole('region', { name: 'Kennzahlen' }).locator('div').filter({ hasText: 'Aufrufe Ihrer Anzeigen' });
  await tile.getByText('1', { exact: true }).waitFor();

  // Duplicating opens the copy, titled "… (Kopie)".
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Stellenanzeigen' }).click();
  await item.getByRole('button', { name: 'Duplizieren' }).click();
  await page.waitForURL(/\/recruiting\/portal\/stellenanzeigen\/\d+$/);
  assert.equal(await page.getByLabel('Jobtitel *').inputValue(), `${title} (Kopie)`);

  // Publishing the copy goes beyond the quota of 1: the refusal leads to the ad packages.
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Stellenanzeigen' }).click();
  const copy = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: `${title} (Kopie)` }) });
  await copy.getByRole('button', { name: 'Veröffentlichen' }).click();
  const refusal = copy.getByRole('alert');
  await refusal.getByText(/so viele, wie Ihr Kontingent erlaubt/).waitFor();
  assert.equal(await refusal.getByRole('link', { name: 'Stellenanzeigen-Pakete ansehen' }).getAttribute('href'), '/recruiting/stellenanzeigen-pakete');

  // Team: invite a colleague, then re-send; the second mail brings a new link.
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Team' }).click();
  await page.getByLabel('E-Mail-Adresse der Kollegin oder des Kollegen').fill(colleague);
  await page.getByRole('button', { name: 'Einladen' }).click();
  const first = await waitForMail(colleague, { subject: 'Einladung in das Team' });
  const row = page.getByRole('list', { name: 'Offene Einladungen' }).getByRole('listitem').filter({ hasText: colleague });
  await row.getByText('1 Mail von höchstens 3 verschickt').waitFor();
  await row.getByRole('button', { name: 'Erneut senden' }).click();
  await row.getByText(`Wir haben die Einladung an ${colleague} erneut geschickt. Der frühere Link gilt nicht mehr.`).waitFor();
  await row.getByText('2 Mails von höchstens 3 verschickt').waitFor();
  const deadline = Date.now() + 20_000;
  let mails = [];
  while ((mails = await mailsTo(colleague, { subject: 'Einladung in das Team' })).length < 2) {
    assert.ok(Date.now() < deadline, 'the re-sent invitation did not arrive within 20 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const link = (mail) => /\/recruiting\/portal\/einladung\/[\w-]+/.exec(mail.text)?.[0];
  assert.ok(link(mails[1]));
  assert.notEqual(link(mails[1]), link(first));
  await page.screenshot({ path: `${dir}/job-stats-team.png`, fullPage: true });
  assert.deepEqual(pageErrors(), []);
});

