// End to end: the provider portal against the real server, its mails from the SMTP sink and the
// administrator's CLI. An organization registers (API), its member confirms the address from the
// mail, an administrator approves it (`jobhafen admin organizations approve`); the member signs in
// through the organization app bar's login, writes a job with two places chosen from the place
// suggestions, chooses its channels (Google, not Indeed: stored, shown again, and the job is not in
// the Indeed feed), saves and publishes it in one request (refused first without an activity:
// nothing is created, and the page says so), and a visitor finds it by city and radius. Then a candidate
// applies, the member finds the application in the portal, opens the sedcard PDF and invites the
// candidate with a message: the candidate gets the mail and sees the status on /meine-bewerbungen.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { artifactsDir, giveConsent, layoutShiftOf, openBrowser, url } from './browser.mjs';
import { fillDataForApplying, openApplicationForm, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';
import { mailsTo } from './mail.mjs';
import { approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const email = `portal-${stamp}@example.org`;
const company = `Hafenlicht Events ${stamp}`;
const title = `Leuchtturm-Promoter (m/w/d) ${stamp}`;

let provider;
let visitor;

before(async () => {
  provider = await openBrowser();
  visitor = await openBrowser();
  await giveConsent(provider.context);
  await giveConsent(visitor.context);
});

after(async () => {
  await provider?.close();
  await visitor?.close();
});

/** Types into a place field and picks the suggestion that starts with `name`. */
async function choosePlace(scope, label, typed, name) {
  const field = scope.getByRole('combobox', { name: label });
  await field.fill(typed);
  await scope.getByRole('option', { name: new RegExp(`^${name}`) }).first().click();
}

test('an approved organization publishes a job with two places; a visitor finds it by city and radius', async () => {
  await approvedOrganizationMember({ email, password: PASSWORD, company });
  const { page, pageErrors } = provider;
  const dir = await artifactsDir();

  // The organization app bar's login leads to the portal.
  await page.goto(url('/recruiting'));
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).first().click();
  await page.getByRole('heading', { name: 'Login für Jobanbieter' }).waitFor();
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
  await page.getByRole('region', { name: 'Kennzahlen' }).getByText('0 von 1').waitFor();
  // Signed in, the header names the organization instead of offering "Login" and the registration.
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: `Angemeldet als ${company} – zum Portal` }).waitFor();
  assert.equal(await header.getByRole('link', { name: /^(Login|Kostenlos registrieren)$/ }).count(), 0);

  await page.getByRole('link', { name: 'Neue Stellenanzeige erstellen' }).click();
  await page.getByLabel('Jobtitel *').fill(title);
  await page.getByLabel('Beschreibung').fill('Sie begrüßen Gäste an unserem Stand und erklären unsere Produkte.');
  const first = page.getByRole('group', { name: 'Einsatzort 1' });
  await choosePlace(first, 'Ort (Einsatzort 1)', 'Görli', 'Görlitz');
  await first.getByLabel('Straße und Hausnummer (Einsatzort 1)').fill('Obermarkt 1');
  await page.getByRole('button', { name: 'Weiteren Einsatzort hinzufügen' }).click();
  await choosePlace(page.getByRole('group', { name: 'Einsatzort 2' }), 'Ort (Einsatzort 2)', 'Husu', 'Husum');
  await page.getByLabel('Grundvergütung').fill('15,50');
  await page.getByLabel('Vergütung pro').selectOption('hour');
  // The live preview shows the job as candidates will see it.
  const preview = page.getByRole('region', { name: 'Vorschau' });
  await preview.getByRole('heading', { name: title }).waitFor();
  await preview.getByText('15,50 € pro Stunde').first().waitFor();
  // The channels (issue 44 item 5): Jobhafen always on, the free ones chosen for a new job; this
  // one goes to Google but not to Indeed.
  const channels = page.getByRole('group', { name: 'Kanäle' });
  const jobhafen = channels.getByRole('checkbox', { name: 'Jobhafen – kostenlos' });
  assert.equal(await jobhafen.isChecked(), true);
  assert.equal(await jobhafen.isDisabled(), true);
  assert.equal(await channels.getByRole('checkbox', { name: 'Google for Jobs – kostenlos' }).isChecked(), true);
  await channels.getByRole('checkbox', { name: 'Indeed – kostenlos' }).uncheck();
  await page.screenshot({ path: `${dir}/provider-job-editor.png`, fullPage: true });

  // "Speichern und veröffentlichen" is one request: the server saves and publishes together. Without
  // an activity the server refuses publication (422) and creates nothing, which the page says; with
  // one the same request creates the job published.
  const writes = [];
  const recordWrite = (request) => {
    const target = new URL(request.url());
    // The AGG wording check is a POST that reads (it saves nothing): the editor sends it when the
    // texts have settled, which on a loaded machine can fall after the click, so it is no write here.
    if (target.pathname === '/api/job_postings/wording_check') return;
    if (request.method() !== 'GET' && target.pathname.startsWith('/api/job_postings')) writes.push(`${request.method()} ${target.pathname}${target.search}`);
  };
  page.on('request', recordWrite);
  const publish = page.getByRole('button', { name: 'Speichern und veröffentlichen' });
  await publish.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie die markierten Felder.' });
  await refusal.getByText('Es wurde nichts gespeichert. Mit „Entwurf speichern“ speichern Sie Ihre Angaben, ohne die Anzeige zu veröffentlichen.').waitFor();
  const activities = page.getByRole('group', { name: 'Tätigkeiten' });
  await activities.getByText('Dieses Feld darf nicht leer sein').waitFor();
  assert.match(page.url(), /\/recruiting\/portal\/stellenanzeigen\/neu$/);
  await activities.getByRole('checkbox').first().check();
  await publish.click();
  await page.getByText('Die Stellenanzeige ist veröffentlicht.').waitFor();
  await page.waitForURL(/\/recruiting\/portal\/stellenanzeigen\/\d+$/);
  page.off('request', recordWrite);
  assert.deepEqual(writes, ['POST /api/job_postings?publish=1', 'POST /api/job_postings?publish=1']);
  await page.getByText('Veröffentlicht', { exact: true }).first().waitFor();

  // The choice is stored, shown again after a reload, and the job is not in the Indeed feed.
  const jobId = new URL(page.url()).pathname.split('/').pop();
  assert.deepEqual(await sql("SELECT array_to_string(publication_channels, ',') FROM job_postings WHERE id = :'p1'", jobId), [['jobhafen,google']]);
  await page.reload();
  const reloaded = page.getByRole('group', { name: 'Kanäle' });
  await reloaded.getByRole('checkbox', { name: 'Google for Jobs – kostenlos' }).waitFor();
  assert.equal(await reloaded.getByRole('checkbox', { name: 'Google for Jobs – kostenlos' }).isChecked(), true);
  assert.equal(await reloaded.getByRole('checkbox', { name: 'Indeed – kostenlos' }).isChecked(), false);
  const feed = await (await fetch(url('/feeds/indeed.xml'))).text();
  assert.match(feed, /<source>/);
  assert.ok(!feed.includes(`<referencenumber><![CDATA[${jobId}]]></referencenumber>`), 'the job without Indeed is in the Indeed feed');

  // The list shows it published, once (the refused request left no draft behind), and the overview
  // counts it against the quota.
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Stellenanzeigen' }).click();
  const item = page.getByRole('listitem').filter({ hasText: title });
  await item.getByText('Veröffentlicht', { exact: true }).waitFor();
  assert.equal(await item.count(), 1);
  assert.match(await item.textContent(), /Görlitz, Husum/);
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Übersicht' }).click();
  await page.getByRole('region', { name: 'Kennzahlen' }).getByText('1 von 1').waitFor();
  assert.deepEqual(pageErrors(), []);

  // A visitor searching around Görlitz (10 km) finds it; the job is searchable within seconds.
  const search = visitor.page;
  const deadline = Date.now() + 20_000;
  for (;;) {
    await search.goto(url('/jobs/suche'));
    await choosePlace(search.getByRole('search', { name: 'Jobsuche' }).first(), 'Wo?', 'Görli', 'Görlitz');
    await search.getByLabel('Umkreis').first().selectOption('10');
    await search.getByRole('button', { name: 'Jobs finden' }).first().click();
    await search.waitForURL(/umkreis=10/);
    await search.locator('section[aria-label="Suchergebnisse"][aria-busy="false"]').waitFor();
    const card = search.locator('[data-job-id]').filter({ hasText: title });
    if ((await card.count()) > 0) {
      await card.first().getByRole('link', { name: title }).click();
      break;
    }
    assert.ok(Date.now() < deadline, 'the published job is not found around Görlitz within 20 s');
    await new Promise((r) => setTimeout(r, 1000));
  }
  await search.getByRole('heading', { level: 1, name: title }).waitFor();
  // A job with a two-line description does not shift while it loads on a phone (the footer used to
  // move: CLS 0.39), as a first visitor without the consent cookie meets it.
  const shortJob = new URL(search.url()).pathname;
  const fresh = await openBrowser();
  try {
    const shift = await layoutShiftOf(fresh.context, shortJob);
    assert.ok(shift <= 0.05, `layout shift ${shift.toFixed(3)} on ${shortJob} at 390 px`);
  } finally {
    await fresh.close();
  }
  // The description's first sentence shows once (the card's teaser is made from it).
  assert.equal(await search.getByRole('main').getByText('Sie begrüßen Gäste an unserem Stand', { exact: false }).count(), 1);
  const facts = search.getByRole('complementary', { name: 'Eckdaten' });
  await facts.getByText('Obermarkt 1, Görlitz').waitFor();
  await facts.getByText('Husum').waitFor();
  await search.screenshot({ path: `${dir}/provider-job-public.png`, fullPage: true });
  assert.deepEqual(visitor.pageErrors(), []);
});

test('a candidate applies; the provider opens the sedcard PDF and invites with a message; the candidate is told', async () => {
  const candidate = await openBrowser();
  try {
    await giveConsent(candidate.context);
    const { page: provide, pageErrors } = provider;
    // The job the first test published, as the portal lists it.
    const slug = await provide.evaluate(async (wanted) => {
      const me = await (await fetch('/api/organization_members/me')).json();
      const list = await (await fetch(`/api/organizations/${me.organization.id}/job_postings?state=published`)).json();
      return list['hydra:member'].find((j) => j.title === wanted)?.slug;
    }, title);
    assert.ok(slug, 'the published job is not in the portal');

    // The candidate applies with a message to the provider.
    const applicantEmail = `bewerberin-${stamp}@example.org`;
    const apply = candidate.page;
    await registerConfirmedCandidate(apply, applicantEmail);
    await fillDataForApplying(apply);
    await apply.goto(url(`/jobs/${slug}`));
    await openApplicationForm(apply);
    await apply.getByLabel('Deine Nachricht an den Jobanbieter (optional)').fill('Ich habe am Wochenende Zeit und freue mich auf den Einsatz.');
    await apply.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await apply.getByRole('dialog', { name: 'Danke für deine Bewerbung!' }).waitFor();

    // The overview counts it as new; the list shows it; the view shows what was sent.
    await provide.goto(url('/recruiting/portal'));
    const figures = provide.getByRole('region', { name: 'Kennzahlen' });
    await figures.locator('div').filter({ has: provide.getByRole('link', { name: 'Neue Bewerbungen' }) }).getByText('1', { exact: true }).waitFor();
    await provide.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Bewerbungen' }).click();
    const entry = provide.getByRole('list', { name: 'Bewerbungen' }).getByRole('listitem').filter({ hasText: title });
    await entry.getByText('Neu', { exact: true }).waitFor();
    await entry.getByRole('link', { name: 'Jana Muster' }).click();
    await provide.getByRole('heading', { name: /Jana Muster/ }).waitFor();
    const sent = provide.getByRole('region', { name: 'Angaben der Bewerbung' });
    await sent.getByText('Ich habe am Wochenende Zeit und freue mich auf den Einsatz.').waitFor();
    await sent.getByText('Görlitz', { exact: true }).waitFor();
    await provide.getByText(applicantEmail).waitFor();

    // The sedcard PDF behind the link, with the member's session.
    const href = await provide.getByRole('link', { name: 'Sedcard als PDF öffnen' }).getAttribute('href');
    const pdf = await provide.request.get(url(href));
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    assert.equal((await pdf.body()).subarray(0, 5).toString('latin1'), '%PDF-');
    // A click fetches it and opens it in a new tab (or downloads it where the browser refuses a tab
    // after a long render).
    const sedcard = provide.getByRole('link', { name: 'Sedcard als PDF öffnen' });
    const tab = provide.context().waitForEvent('page', { timeout: 60_000 }).catch(() => null);
    const download = provide.waitForEvent('download', { timeout: 60_000 }).catch(() => null);
    await sedcard.click();
    const opened = await Promise.race([tab.then((t) => t && { tab: t }), download.then((d) => d && { download: d })]);
    assert.ok(opened, 'the sedcard opened neither as a tab nor as a download');
    if (opened.tab) {
      // The tab exists before it has navigated to the PDF (its address is empty until then, longer
      // on a busy machine): wait for the navigation to commit, then check where it went.
      await opened.tab.waitForURL(/^blob:/, { waitUntil: 'commit', timeout: 30_000 });
      assert.match(opened.tab.url(), /^blob:/);
      await opened.tab.close();
    } else {
      assert.match(opened.download.suggestedFilename(), /\.pdf$/);
    }
    // While the render worker is busy (503 with a JSON body) the portal says so in German and tries
    // again; no tab with raw JSON opens.
    await provide.route('**/api/applications/*/sedcard', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, message: 'Service Unavailable' }) }));
    const pages = provide.context().pages().length;
    await sedcard.click();
    await provide.getByText(/Die Sedcard kann gerade nicht erstellt werden\. Wir versuchen es in 3 Sekunden noch einmal\./).waitFor();
    assert.equal(provide.context().pages().length, pages);
    assert.doesNotMatch(await provide.getByRole('main').innerText(), /"status"|Service Unavailable/);
    await provide.unroute('**/api/applications/*/sedcard');

    // Invited with a message.
    const message = `Bitte kommen Sie am Montag um 10 Uhr zu uns (${stamp}).`;
    const statusForm = provide.getByRole('form', { name: 'Status ändern' });
    await statusForm.getByLabel('Neuer Status').selectOption('invited');
    await statusForm.getByLabel(/Nachricht an/).fill(message);
    await statusForm.getByRole('button', { name: 'Status speichern' }).click();
    await statusForm.getByText('Der Status „Eingeladen“ ist gespeichert.', { exact: false }).waitFor();
    const dir = await artifactsDir();
    await provide.screenshot({ path: `${dir}/provider-applicant.png`, fullPage: true });
    assert.deepEqual(pageErrors(), []);

    // The candidate's mail carries the message (opening the application sent a "seen" mail before).
    const deadline = Date.now() + 20_000;
    let invitation;
    while (!invitation) {
      invitation = (await mailsTo(applicantEmail, { subject: 'Neuigkeiten zu deiner Bewerbung' })).find((m) => m.text.includes(message));
      if (invitation) break;
      assert.ok(Date.now() < deadline, 'no invitation mail with the message within 20 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.match(invitation.text, /zu einem Gespräch ein/);
    assert.ok(invitation.text.includes(title), 'the mail names the job');

    // And sees the status in the own list.
    await apply.goto(url('/meine-bewerbungen'));
    await apply.getByRole('listitem').filter({ hasText: title }).getByText('Zum Gespräch eingeladen', { exact: true }).waitFor();
    assert.deepEqual(candidate.pageErrors(), []);
  } finally {
    await candidate.close();
  }
});
