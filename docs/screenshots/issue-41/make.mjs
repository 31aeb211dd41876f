// Screenshots for issue 41: walks through each of its 19 items as a person would (a candidate on a
// 390×844 phone, a provider at 1280×800) against a running `ops/run` site and saves one PNG per
// item (two where before/after matters) next to this file, plus checks.json: what each step
// checked and found. An item that does not behave as the issue asks is recorded, not hidden: every
// item runs in its own try block and its failure is written to checks.json.
//
//   node docs/screenshots/issue-41/make.mjs
//
// Settings (defaults: the site of `JOBHAFEN_HTTP_PORT=8090 OPS_RUN_PG_PORT=55442
// OPS_RUN_REDIS_PORT=56389 ops/run` in /work/main): SITE, SITE_ROOT (the checkout the site runs from:
// its build/jobhafen for `admin`, its var/mail for the mails), PG_URL, REDIS_URL.
// It reuses the end-to-end helpers of web/e2e (Debian's chromium through playwright-core).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const SITE = process.env.SITE ?? 'http://127.0.0.1:8090';
const SITE_ROOT = process.env.SITE_ROOT ?? '/work/main';
const PG_URL = process.env.PG_URL ?? 'postgresql://postgres@127.0.0.1:55442/jobhafen';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:56389';

// The e2e helpers read their settings at import: the site, and a maildir whose new/ is the site's
// var/mail (the mail worker writes one .eml per mail there when no SMTP relay is set).
const maildir = await mkdtemp(join(tmpdir(), 'issue41-mail-'));
await symlink(join(SITE_ROOT, 'var/mail'), join(maildir, 'new'));
process.env.JOBHAFEN_E2E_BASE_URL = SITE;
process.env.JOBHAFEN_E2E_MAILDIR = maildir;
process.env.JOBHAFEN_DATABASE_URL = PG_URL;
const { openBrowser, giveConsent, url, sidewaysOverflow, wordsCutAcrossLines: brokenWords } = await import('../../../web/e2e/browser.mjs');
const { registerConfirmedCandidate, fillDataForApplying } = await import('../../../web/e2e/candidate.mjs');
const { waitForMail, mailsTo, linksIn } = await import('../../../web/e2e/mail.mjs');
const { addShiftsInPortal, signInToPortal, publishJobInPortal, postJson } = await import('../../../web/e2e/provider.mjs');
const { sql } = await import('../../../web/e2e/db.mjs');
const { berlinDay, germanDate, shortDayName } = await import('../../../web/e2e/dates.mjs');

const stamp = `${Date.now()}`.slice(-7);
const letters = [...stamp].map((d) => 'abcdefghij'[Number(d)]).join('');
const PASSWORD = 'Leuchtturm#2026';
const providerEmail = `shots41-provider-${stamp}@example.org`;
const company = `Hafenfest Crew ${stamp}`;
const candidateEmail = `shots41-jana-${stamp}@example.org`;
const word = `Bühnenbau${letters}`;   // a word only this run's job carries
const title = `Aufbauhelfer ${word} (m/w/d)`;
const shifts = [
  { date: berlinDay(12), start: '08:00', end: '16:00' },
  { date: berlinDay(13), start: '14:00', end: '22:00' },
];

const alertWord = `Standbau${letters}`;   // the job of the alert (items 1, 2)

/** A job of the provider published through the API, in Berlin, with one shift on `date`; answers its id. */
async function publishWithShift(jobTitle, date) {
  const login = await postJson('/api/login', { email: providerEmail, password: PASSWORD });
  const call = async (method, path, body) => {
    const r = await fetch(url(path), { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${login.body.token}` }, body: JSON.stringify(body) });
    const json = await r.json().catch(() => null);
    assert.ok(r.status < 300, `${path}: ${r.status} ${JSON.stringify(json)}`);
    return json;
  };
  const created = await call('POST', '/api/job_postings?publish=1', {
    title: jobTitle, description: 'Sie betreuen unseren Stand und beraten die Gäste freundlich.', activities: ['promotion'],
    locations: [{ city: 'Berlin', zipcode: '10178', street: 'Alexanderplatz 1' }], baseSalary: 15, salaryUnit: 'hour',
  });
  await call('POST', `/api/job_postings/${created.id}/shifts`, { date, start: '10:00', end: '16:00', staffNeeded: 2 });
  return created.id;
}

const checks = [];
/** Records what item `n` showed; `ok` false is a finding. */
function note(n, file, shows, checked, ok = true) {
  checks.push({ item: n, file, shows, checked, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${n} ${file ?? ''}: ${checked}`);
}
async function shot(page, name, options = {}) {
  await page.screenshot({ path: join(HERE, name), ...options });
  return name;
}
// ONLY=1,2,18 walks those items alone (each item's own steps; later items may need earlier ones).
const ONLY = process.env.ONLY ? process.env.ONLY.split(',').map(Number) : null;
async function item(n, run) {
  if (ONLY && !ONLY.includes(n)) return;
  try {
    await run();
  } catch (error) {
    note(n, null, 'the walk-through stopped', `${error.message.split('\n')[0]}`, false);
  }
}
/** `jobhafen admin …` of the site's own binary against its database. */
function admin(...args) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, JOBHAFEN_DATABASE_URL: PG_URL, JOBHAFEN_REDIS_URL: REDIS_URL };
  return run(join(SITE_ROOT, 'build/jobhafen'), ['admin', ...args], { env });
}
/** A mailed link, opened on this site (the mails name the site's public origin). */
const onSite = (link) => { const u = new URL(link); return url(u.pathname + u.search); };
/** A mail as a mail client shows its HTML part. */
async function showMail(page, mail, name) {
  await page.setContent(mail.html || `<pre style="white-space:pre-wrap;font:14px sans-serif">${mail.text.replace(/</g, '&lt;')}</pre>`, { waitUntil: 'domcontentloaded' });
  // The first screen of the mail, as wide as a mail client's reading pane: its top says what it is for.
  const size = page.viewportSize();
  await page.setViewportSize({ width: 800, height: 800 });
  const file = await shot(page, name);
  await page.setViewportSize(size);
  return file;
}
async function height(locator) {
  return Math.round((await locator.boundingBox())?.height ?? 0);
}
await mkdir(HERE, { recursive: true });
const desk = await openBrowser({ viewport: { width: 1280, height: 800 } });
const phone = await openBrowser({ viewport: { width: 390, height: 844 } });
await giveConsent(desk.context);
await giveConsent(phone.context);
const portal = desk.page;
const cand = phone.page;
let job;
let applicationLink;

try {
  // 6: registration with and without a job.
  await item(6, async () => {
    await portal.goto(url('/recruiting?registration=1'));
    const plain = portal.getByRole('dialog', { name: 'Als Arbeitgeber registrieren' });
    await plain.waitFor();
    const jobFields = await plain.getByLabel('Jobtitel').count();
    note(6, await shot(portal, '41-06a-register-without-job.png'), '/recruiting?registration=1: the registration dialog',
      `dialog "Als Arbeitgeber registrieren" has ${jobFields} job title fields`, jobFields === 0);
    await portal.goto(url('/recruiting?registrationWithJob=1'));
    const withJob = portal.getByRole('dialog', { name: 'Registrieren und Job inserieren' });
    await withJob.getByLabel('Jobtitel').waitFor();
    note(6, await shot(portal, '41-06b-register-with-job.png'), '/recruiting?registrationWithJob=1: the dialog with the job fields',
      'dialog "Registrieren und Job inserieren" has the field "Jobtitel"');
  });

  // 3: a new provider registers (with a first job), confirms, is approved.
  await item(3, async () => {
    const registered = await postJson('/api/organization_member/register', {
      email: providerEmail, password: PASSWORD, passwordConfirmation: PASSWORD, firstName: 'Sabine', lastName: 'Kranz',
      company, phone: '040 123456', jobPosting: { title: `Standhilfe Hafenfest ${stamp}`, city: 'Hamburg' },
    });
    assert.equal(registered.status, 201, JSON.stringify(registered.body));
    const welcome = await waitForMail(providerEmail, { subject: 'Willkommen bei Jobhafen', timeoutMs: 60_000 });
    const draftPromise = /haben wir als Entwurf gespeichert/.test(welcome.text);
    const confirm = linksIn(welcome).find((l) => l.includes('/email-bestaetigen/'));
    await portal.goto(onSite(confirm));
    await portal.getByText(/ist jetzt bestätigt/).first().waitFor();
    const review = await portal.getByText(/Wir prüfen jetzt die Angaben zu Ihrem Unternehmen/).count();
    const inPortal = new URL(portal.url()).pathname.startsWith('/recruiting/portal');
    note(3, await shot(portal, '41-03a-provider-confirmed.png'), 'the page after the welcome mail\'s confirmation link',
      `lands in the portal (${new URL(portal.url()).pathname}), "Sie", review state shown (${review}); welcome mail promises a draft: ${draftPromise}`,
      review > 0 && inPortal && draftPromise);
    const [[orgId]] = await sql("SELECT organization_id FROM accounts WHERE email = :'p1'", providerEmail);
    await admin('organizations', 'approve', String(orgId));
    await admin('organizations', 'quota', String(orgId), '3');
    const approved = await waitForMail(providerEmail, { subject: 'Ihr Unternehmen ist bei Jobhafen freigeschaltet', timeoutMs: 60_000 });
    const namesDraft = /liegt als Entwurf in Ihrem Portal/.test(approved.text);
    note(3, await showMail(portal, approved, '41-03b-approval-mail.png'), 'the approval mail to the owner',
      `subject "${approved.subject}", names the draft: ${namesDraft}, links the portal: ${linksIn(approved).some((l) => new URL(l).pathname === '/recruiting/portal')}`, namesDraft);
  });

  // 17: the portal's shift form sets pay and place, edits a shift.
  await item(17, async () => {
    await signInToPortal(portal, providerEmail, PASSWORD);
    job = await publishJobInPortal(portal, { title, description: 'Sie helfen beim Aufbau der Bühne und der Stände und packen kräftig mit an.' });
    await portal.goto(url(`/recruiting/portal/stellenanzeigen/${job.id}/einsaetze`));
    const { heading, entry } = await addShiftsInPortal(portal, shifts);
    await entry(shifts[0]).getByRole('button', { name: 'Einsatz bearbeiten' }).click();
    const edit = entry(shifts[0]).getByRole('form', { name: 'Einsatz bearbeiten' });
    await edit.getByLabel(/Lohn pro Stunde/).fill('19,75');
    await entry(shifts[0]).scrollIntoViewIfNeeded();
    note(17, await shot(portal, '41-17a-shift-edit-form.png'), 'the portal\'s shift page: "Einsatz bearbeiten" open on the first shift (pay 18,50 → 19,75, place Husum)',
      `edit form holds the shift's date; "Änderungen speichern" is ${await height(edit.getByRole('button', { name: 'Änderungen speichern' }))} px tall`);
    await edit.getByRole('button', { name: 'Änderungen speichern' }).click();
    await entry(shifts[0]).getByText(/Husum · 0 von 2 bestätigt · 19,75\s€ pro Stunde/).waitFor();
    const deleteButton = await height(entry(shifts[1]).getByRole('button', { name: 'Einsatz löschen' }));
    await portal.evaluate(() => window.scrollTo(0, 0));
    await heading(shifts[0]).scrollIntoViewIfNeeded();
    note(17, await shot(portal, '41-17b-shift-pay-saved.png'), 'the shift list after saving: "Husum · 0 von 2 bestätigt · 19,75 € pro Stunde"',
      `the new pay is listed; "Einsatz löschen" is ${deleteButton} px tall`, deleteButton >= 44);
  });

  // The candidate: registered on the phone, data for applying filled in.
  await registerConfirmedCandidate(cand, candidateEmail);
  await fillDataForApplying(cand);

  // 12: free shifts on the card of a search by Einsatztage and on the job page.
  await item(12, async () => {
    const from = berlinDay(11);
    const to = berlinDay(14);
    await cand.goto(url(`/jobs/suche?was=${encodeURIComponent(word)}&einsatz=zeitraum&von=${from}&bis=${to}`));
    const results = cand.getByRole('main');
    const card = results.getByRole('article').filter({ has: cand.getByRole('link', { name: title }) });
    const line = `Freie Einsätze: ${shortDayName(shifts[0].date)}, 8–16 Uhr`;
    await card.getByText(/Freie Einsätze:/).waitFor();
    const text = (await card.getByText(/Freie Einsätze:/).locator('xpath=..').innerText()).replace(/\s+/g, ' ');
    await card.scrollIntoViewIfNeeded();
    note(12, await shot(cand, '41-12a-card-free-shifts.png'), `/jobs/suche?was=…&einsatz=zeitraum&von=${from}&bis=${to}: the job's card`,
      `card says "${text}" (expected to start "${line}")`, text.startsWith(line));
    await card.getByRole('link', { name: title }).click();
    const next = cand.getByRole('region', { name: 'Nächste freie Einsätze' });
    await next.waitFor();
    const items = await next.getByRole('listitem').allInnerTexts();
    await next.scrollIntoViewIfNeeded();
    note(12, await shot(cand, '41-12b-job-page-next-shifts.png'), 'the job page: "Nächste freie Einsätze"',
      `lists ${items.length}: ${items.join(' | ')}`, items.length === 2);
  });

  // 14 and 4: the candidate applies for both shifts; the job page then says when; the provider's
  // mail and applicant page show the chosen shifts.
  await item(14, async () => {
    await cand.goto(url(`/jobs/${job.slug}`));
    await cand.getByRole('link', { name: /Jetzt bewerben/ }).first().click();
    const choice = cand.getByRole('group', { name: 'Für welche Einsätze bewirbst du dich? (optional)' });
    await choice.waitFor();
    for (const s of shifts) await choice.getByRole('checkbox', { name: new RegExp(germanDate(s.date)) }).check();
    await cand.getByRole('button', { name: 'Bewerbung absenden' }).click();
    await cand.getByRole('dialog', { name: 'Danke für deine Bewerbung!' }).waitFor();
    await cand.goto(url(`/jobs/${job.slug}`));
    const today = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
    const appliedNote = cand.getByText(`Du hast dich am ${today} beworben.`).first();
    await appliedNote.waitFor();
    await appliedNote.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const applyLinks = await cand.getByRole('link', { name: /^Jetzt bewerben/ }).count();
    note(14, await shot(cand, '41-14a-job-page-applied.png'), 'the job page after applying, on the phone',
      `"Du hast dich am ${today} beworben." shown; "Jetzt bewerben" links: ${applyLinks}`, applyLinks === 0);

    // "jobs already applied to are left out of … an organization's 'Offene Jobs'" and the start page's job box.
    const [[slug]] = await sql("SELECT o.slug FROM organizations o JOIN job_postings j ON j.organization_id = o.id WHERE j.id = :'p1'", job.id);
    await cand.goto(url(`/jobanbieter/${slug}`));
    const open = cand.getByRole('heading', { level: 2, name: /^Offene Jobs/ });
    await open.waitFor();
    await cand.getByRole('heading', { level: 2, name: /^Offene Jobs \(/ }).waitFor();
    const listed = await cand.getByRole('main').getByRole('link', { name: title }).count();
    await open.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await cand.evaluate(() => window.scrollBy(0, -80));
    note(14, await shot(cand, '41-14b-organization-open-jobs.png'), `/jobanbieter/${slug}: "Offene Jobs" for the candidate who applied`,
      `the job she applied to is listed there ${listed} time(s) (the issue: left out)`, listed === 0);
    await cand.goto(url('/'));
    const box = cand.locator('[data-job-id]').first();
    await box.waitFor();
    const inBox = await cand.getByRole('main').getByRole('link', { name: title }).count();
    const card = cand.getByRole('main').getByRole('link', { name: title }).first();
    if (inBox) await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    else await box.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    note(14, await shot(cand, '41-14c-start-page-job-box.png'), 'the start page\'s job box (newest jobs), signed in as the candidate who applied',
      `the job she applied to is in the box ${inBox} time(s) (the issue: left out)`, inBox === 0);
  });

  await item(4, async () => {
    const mail = await waitForMail(providerEmail, { subject: `Neue Bewerbung: ${title}`, timeoutMs: 60_000 });
    const listsShifts = /Gewählte Einsätze:/.test(mail.text) && mail.text.includes(germanDate(shifts[1].date));
    const byMail = mail.text.includes('direkt per E-Mail');
    [applicationLink] = linksIn(mail, '/recruiting/portal/bewerbungen/');
    note(4, await showMail(portal, mail, '41-04b-new-application-mail.png'), 'the new-application mail to the provider',
      `lists the chosen shifts: ${listsShifts}; says "direkt per E-Mail": ${byMail}; links the application in the portal: ${Boolean(applicationLink)}`,
      listsShifts && !byMail && Boolean(applicationLink));
    await portal.goto(onSite(applicationLink));
    const region = portal.getByRole('region', { name: 'Gewählte Einsätze' });
    const chosen = (s) => region.getByRole('listitem').filter({ hasText: `${germanDate(s.date)}, ${s.start}` });
    await chosen(shifts[0]).getByText('– offen').waitFor();
    const confirm = chosen(shifts[0]).getByRole('button', { name: 'Bestätigen' });
    const sizes = `"Bestätigen" ${await height(confirm)} px, "Ablehnen" ${await height(chosen(shifts[0]).getByRole('button', { name: 'Ablehnen' }))} px`;
    await confirm.click();
    await chosen(shifts[0]).getByText('– bestätigt').waitFor();
    await region.scrollIntoViewIfNeeded();
    note(4, await shot(portal, '41-04a-applicant-page-shifts.png'), 'the applicant page from the mail\'s link: "Gewählte Einsätze", the first confirmed there',
      `two chosen shifts listed; the first confirmed on this page ("– bestätigt"); ${sizes}`);
  });

  // 5: opening the application showed "Gesehen" and mailed nothing.
  await item(5, async () => {
    await cand.goto(url('/meine-bewerbungen'));
    const row = cand.getByRole('listitem').filter({ hasText: title }).first();
    await row.waitFor();
    const status = row.getByText(/angesehen|Gesehen/).first();
    const seen = await status.count();
    await new Promise((r) => setTimeout(r, 3000));
    const [[queued]] = await sql("SELECT count(*) FROM queue_jobs WHERE kind = 'mail' AND payload->>'to' = :'p1' AND payload->>'template' = 'application_status'", candidateEmail);
    const mailed = (await mailsTo(candidateEmail)).map((m) => m.subject);
    if (seen) await status.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    note(5, await shot(cand, '41-05-application-seen.png'), '/meine-bewerbungen after the provider opened the application',
      `status shown: "${seen ? await status.innerText() : 'none'}"; status mails queued for the candidate: ${queued}; mails she got: ${mailed.join(' | ')}`,
      seen > 0 && queued === '0');
  });

  // 7 and 8: /meine-einsaetze on the phone: buttons, calendar box, webcal, LOCATION.
  await item(7, async () => {
    await cand.goto(url('/meine-einsaetze'));
    await cand.getByRole('heading', { level: 1, name: 'Meine Einsätze' }).waitFor();
    const cancel = cand.getByRole('button', { name: 'Absagen' }).first();
    await cancel.waitFor();
    const create = cand.getByRole('button', { name: 'Kalender-Link erstellen' });
    const sizes = [await height(cancel), await height(create)];
    await cancel.scrollIntoViewIfNeeded();
    note(7, await shot(cand, '41-07-shift-buttons-390.png'), '/meine-einsaetze on a 390 px phone: the shift\'s "Absagen"',
      `"Absagen" ${sizes[0]} px, "Kalender-Link erstellen" ${sizes[1]} px tall (need ≥ 44)`, sizes.every((h) => h >= 44));
  });
  await item(8, async () => {
    await cand.getByRole('button', { name: 'Kalender-Link erstellen' }).click();
    const subscribe = cand.getByRole('link', { name: 'Im Kalender abonnieren' });
    await subscribe.waitFor();
    const href = await subscribe.getAttribute('href');
    const copy = await cand.getByRole('button', { name: /kopieren/i }).count();
    const overflow = await sidewaysOverflow(cand);
    const ics = await cand.evaluate(async (h) => (await fetch(h.replace(/^webcal:\/\/[^/]+/, ''))).text(), href);
    const location = /^LOCATION:(.*)$/m.exec(ics.replace(/\r\n /g, ''))?.[1] ?? '';
    await subscribe.scrollIntoViewIfNeeded();
    note(8, await shot(cand, '41-08-calendar-box-390.png'), '/meine-einsaetze: the calendar box after "Kalender-Link erstellen"',
      `sideways overflow ${overflow} px; subscribe link ${href.replace(/[\w-]{43}/, '…')}; copy buttons ${copy}; .ics LOCATION "${location}"`,
      overflow === 0 && href.startsWith('webcal://') && location !== '');
  });

  // 9 and 11: account navigation and menu; headings without a cut word.
  await item(11, async () => {
    await cand.goto(url('/meine-arbeitszeitgrenzen'));
    const h1 = cand.getByRole('heading', { level: 1, name: 'Meine Arbeitszeitgrenzen' });
    await h1.waitFor();
    const broken = await brokenWords(h1);
    note(11, await shot(cand, '41-11a-heading-390.png'), '/meine-arbeitszeitgrenzen on the phone: the heading',
      `words cut across lines in the h1: ${broken.length ? broken.join(', ') : 'none'}; sideways overflow ${await sidewaysOverflow(cand)} px`, broken.length === 0);
  });
  await item(9, async () => {
    const nav = cand.getByRole('navigation', { name: 'Mein Konto' }).last();
    await nav.getByText('Mein Konto: Meine Arbeitszeitgrenzen').click();
    await nav.getByRole('link', { name: 'Meine Einsätze' }).waitFor();
    const width = Math.round((await nav.boundingBox()).width);
    const overflow = await sidewaysOverflow(cand);
    await nav.scrollIntoViewIfNeeded();
    note(9, await shot(cand, '41-09a-account-nav-390.png'), 'the account navigation unfolded on the phone',
      `navigation ${width} px wide, page overflow ${overflow} px, has "Meine Einsätze"`, width <= 390 && overflow === 0);
    await cand.evaluate(() => window.scrollTo(0, 0));
    await cand.getByRole('button', { name: 'Menü öffnen' }).click();
    const drawer = cand.getByRole('dialog', { name: 'Menü' });
    const both = (await drawer.getByRole('link', { name: 'Meine Einsätze' }).count()) + (await drawer.getByRole('link', { name: 'Meine Arbeitszeitgrenzen' }).count());
    await drawer.getByRole('link', { name: 'Meine Einsätze' }).scrollIntoViewIfNeeded();
    note(9, await shot(cand, '41-09b-menu-390.png'), 'the hamburger menu signed in',
      `"Meine Einsätze" and "Meine Arbeitszeitgrenzen" in the menu: ${both === 2}`, both === 2);
    await cand.keyboard.press('Escape');
  });
  await item(11, async () => {
    await portal.setViewportSize({ width: 1440, height: 900 });
    await portal.goto(url('/jobs/suche?was=Weihnachtsmarkt'));
    const titles = portal.getByRole('main').getByRole('article').getByRole('heading');
    await titles.first().waitFor();
    const broken = [];
    for (const t of await titles.all()) broken.push(...(await brokenWords(t)));
    note(11, await shot(portal, '41-11b-titles-1440.png'), '/jobs/suche?was=Weihnachtsmarkt at 1440 px: result titles',
      `${await titles.count()} card titles, words cut across lines: ${broken.length ? broken.join(', ') : 'none'}`, broken.length === 0);
    await portal.setViewportSize({ width: 1280, height: 800 });
  });

  // 10: on a phone the results come first, filters folded.
  await item(10, async () => {
    await cand.goto(url('/jobs/suche'));
    const first = cand.locator('article').first();
    await first.waitFor();
    const top = Math.round((await first.boundingBox()).y);
    const dates = await cand.getByLabel('Einsatztage', { exact: true }).first().isVisible().catch(() => false);
    note(10, await shot(cand, '41-10-search-phone.png'), '/jobs/suche on a 390 px phone',
      `first result card starts ${top} px down; filters visible before "Filter": ${dates}`, top < 844 && !dates);
  });

  // 13: "Promo" finds the promotion jobs, "Was?" suggests as one types.
  await item(13, async () => {
    await cand.goto(url('/jobs/suche'));
    const search = cand.getByRole('search', { name: 'Jobsuche' }).first();
    const what = search.getByLabel('Was?', { exact: true });
    await what.click();
    await what.pressSequentially('Promo', { delay: 80 });
    const options = cand.getByRole('option');
    await options.first().waitFor();
    const suggested = await options.allInnerTexts();
    note(13, await shot(cand, '41-13a-what-suggestions.png'), '/jobs/suche: "Promo" typed into "Was?"',
      `suggestions: ${suggested.slice(0, 6).join(', ')}`, suggested.length > 0);
    const [answer] = await Promise.all([
      cand.waitForResponse((r) => r.url().includes('/api/job_postings?') && r.url().includes('q=Promo')),
      what.press('Enter'),
    ]);
    const total = (await answer.json())['hydra:totalItems'];
    await cand.getByRole('main').getByRole('article').first().waitFor();
    note(13, await shot(cand, '41-13b-promo-results.png'), 'the results for "Promo"', `${total} hits for q=Promo`, total > 0);
  });

  // 1, 2, 18: filters apply as they change, the alert saves what is on screen; its list, its
  // link, its confirmation and the digest's link.
  let alertTitle;
  let where;
  let saved;
  await item(2, async () => {
    // A second job of the provider with a word of its own and a shift in the alert's days, which
    // the candidate has not applied to (a signed-in search leaves out jobs she applied to): the
    // saved search has exactly 1 hit.
    const alertJob = await publishWithShift(`Standbetreuung ${alertWord} (m/w/d)`, berlinDay(12));
    const place = (await (await fetch(url(`/api/job_postings/${alertJob}`))).json()).locations[0];
    where = { was: alertWord, wo: place.city };
    await cand.goto(url(`/jobs/suche?was=${encodeURIComponent(alertWord)}&wo=${encodeURIComponent(place.city)}&lat=${place.lat}&lon=${place.lon}&umkreis=25`));
    const search = cand.getByRole('search', { name: 'Jobsuche' }).first();
    const filter = cand.getByRole('button', { name: /^Filter/ });
    await filter.waitFor();
    await cand.waitForLoadState('networkidle');
    if (!(await search.getByLabel('Veröffentlicht', { exact: true }).isVisible())) await filter.click();
    await search.getByLabel('Veröffentlicht', { exact: true }).selectOption('7d');
    await cand.waitForURL((u) => u.searchParams.get('seit') === '7d', { timeout: 5000 });
    const after = new URL(cand.url()).search;
    note(2, await shot(cand, '41-02a-filter-applies.png'), '"Veröffentlicht: Letzte 7 Tage" chosen, "Jobs finden" not pressed',
      `the address follows at once: ${decodeURIComponent(after)}`);
    const from = berlinDay(11);
    const to = berlinDay(14);
    await search.getByLabel('Einsatztage', { exact: true }).selectOption('zeitraum');
    await search.getByLabel('Einsatz von', { exact: true }).fill(from);
    await search.getByLabel('Einsatz bis', { exact: true }).fill(to);
    await cand.getByRole('button', { name: 'Als Job-Alert speichern' }).click();
    const dialog = cand.getByRole('dialog', { name: 'Job-Alert anlegen' });
    const words = await dialog.getByRole('list', { name: 'Suchfilter' }).getByRole('listitem').allTextContents();
    const hasDates = words.includes(`Einsätze vom ${germanDate(from)} bis ${germanDate(to)}`);
    note(2, await shot(cand, '41-02b-alert-saves-screen.png'), '"Als Job-Alert speichern" pressed right after entering the dates',
      `the dialog's filter: ${words.join(' · ')}`, hasDates);
    alertTitle = `Bühnenbau ${stamp}`;
    await dialog.getByLabel('Titel').fill(alertTitle);
    await dialog.getByRole('button', { name: 'Job-Alert speichern' }).click();
    await dialog.getByText(/Bitte bestätige darin deinen Job-Alert/).waitFor();
    await dialog.locator('button', { hasText: 'Schließen' }).click();
    saved = { words, from, to };
  });

  await item(18, async () => {
    const confirm = await waitForMail(candidateEmail, { subject: 'Bitte bestätige deinen Job-Alert', timeoutMs: 60_000 });
    const link = new URL(linksIn(confirm, '/job-alert-bestaetigen/')[0]);
    const [, , id] = link.pathname.split('/');
    await cand.goto(url(`/job-alert-bestaetigen/${id}/falsch${stamp}`));
    const bad = await cand.getByRole('alert').innerText();
    note(18, await shot(cand, '41-18a-alert-link-invalid.png'), 'a job-alert confirmation link with a wrong token', `says: "${bad}"`, /ungültig/.test(bad));
    await cand.route('**/api/job_alerts/*/confirm', (route) => route.abort('internetdisconnected'));
    await cand.goto(url(link.pathname));
    const passing = await cand.getByRole('alert').innerText();
    note(18, await shot(cand, '41-18b-alert-network-error.png'), 'the right confirmation link while the network is down (request aborted)',
      `says: "${passing}"`, !/ungültig/.test(passing) && /später|erneut|noch einmal/.test(passing));
    await cand.unroute('**/api/job_alerts/*/confirm');
    await cand.goto(url(link.pathname));
    const ok = await cand.getByRole('status').filter({ hasText: /ist bestätigt/ }).innerText();
    note(18, await shot(cand, '41-18c-alert-confirmed.png'), 'the same link with the network back', `says: "${ok}"`);
  });

  await item(1, async () => {
    await cand.goto(url('/meine-job-alerts'));
    const row = cand.locator('li[data-alert-id]').filter({ hasText: alertTitle });
    await row.waitFor();
    const words = await row.getByRole('list', { name: 'Suchfilter' }).getByRole('listitem').allTextContents();
    await row.scrollIntoViewIfNeeded();
    note(1, await shot(cand, '41-01a-alert-list.png'), '/meine-job-alerts: the alert with its filter in words',
      `the list says: ${words.join(' · ')}`, JSON.stringify(words) === JSON.stringify(saved.words));
    const answered = cand.waitForResponse((r) => r.url().includes('/api/job_postings?'));
    await row.getByRole('link', { name: 'Suche öffnen' }).click();
    await cand.waitForURL((u) => u.pathname === '/jobs/suche');
    const opened = new URL(cand.url()).searchParams;
    const answer = await answered;
    const total = (await answer.json())['hydra:totalItems'];
    const want = { ...where, umkreis: '25', seit: '7d', einsatz: 'zeitraum', von: saved.from, bis: saved.to };
    const same = Object.entries(want).every(([k, v]) => opened.get(k) === v);
    // The filters unfolded, so the saved period and dates are on the screenshot.
    await cand.getByRole('button', { name: /^Filter/ }).click();
    await cand.getByText(/Jobs? gefunden/).first().evaluate((el) => el.scrollIntoView({ block: 'end' }));
    note(1, await shot(cand, '41-01b-alert-opens-search.png'), '"Suche öffnen" of that alert',
      `opens ${decodeURIComponent(new URL(cand.url()).search)} with ${total} hits`, same);

    // The digest: its window moved back so the worker finds hits now (the dates dropped: a digest needs hits).
    await sql(
      "UPDATE job_alerts SET matched_until = '2000-01-01', next_run_at = now(), search_query = regexp_replace(search_query, '&shifts(From|To)=[0-9-]+', '', 'g'), shifts_from = NULL, shifts_to = NULL WHERE title = :'p1'",
      alertTitle,
    );
    const digest = await waitForMail(candidateEmail, { subject: 'Neue Jobs für deinen Job-Alert', timeoutMs: 120_000 });
    const all = /Alle Treffer: (\S+)/.exec(digest.text)?.[1];
    await showMail(portal, digest, '41-01c-digest-mail.png');
    const listed = cand.waitForResponse((r) => r.url().includes('/api/job_postings?'));
    await cand.goto(onSite(all));
    const digestOpened = new URL(cand.url()).searchParams;
    const total2 = (await (await listed).json())['hydra:totalItems'];
    const same2 = ['was', 'wo', 'umkreis', 'seit'].every((k) => digestOpened.get(k) === want[k]);
    note(1, await shot(cand, '41-01d-digest-link-opens-search.png'), 'the digest mail\'s "Alle Treffer ansehen" (mail in 41-01c-digest-mail.png)',
      `opens ${decodeURIComponent(new URL(cand.url()).search)} with ${total2} hits`, same2);
  });

  // 15: /meine-favoriten beyond one page.
  await item(15, async () => {
    const list = await (await fetch(url('/api/job_postings?itemsPerPage=60'))).json();
    const ids = list['hydra:member'].map((j) => j.id).slice(0, 55);
    const statuses = await cand.evaluate(async (all) => Promise.all(all.map(async (id) => (await fetch(`/api/job_postings/${id}/favor`, { method: 'POST' })).status)), ids);
    await cand.goto(url('/meine-favoriten'));
    const pager = cand.getByRole('navigation', { name: /Seite/ }).first();
    await pager.waitFor();
    await pager.scrollIntoViewIfNeeded();
    note(15, await shot(cand, '41-15a-favorites-page1.png'), '/meine-favoriten with 55 favorites: the pager under the first page',
      `favored ${statuses.filter((s) => s < 300).length} of 55; pager shown`);
    await pager.getByRole('link', { name: 'Weiter »' }).click();
    await cand.waitForURL((u) => u.searchParams.get('seite') === '2');
    await cand.getByRole('navigation', { name: 'Seiten' }).getByText('Seite 2 von 2').waitFor();
    await cand.getByRole('main').locator('a[href^="/jobs/"]').first().waitFor();
    const shown = await cand.getByRole('main').getByRole('listitem').filter({ has: cand.locator('a[href^="/jobs/"]') }).count();
    note(15, await shot(cand, '41-15b-favorites-page2.png'), '/meine-favoriten?seite=2', `page 2 lists ${shown} favorites (expected 5)`, shown === 5);
  });

  // 16: rating eligibility before submitting; completeness.
  await item(16, async () => {
    const [[slug]] = await sql("SELECT o.slug FROM organizations o JOIN job_postings j ON j.organization_id = o.id WHERE j.id = :'p1'", job.id);
    await cand.goto(url(`/jobanbieter/${slug}`));
    const reason = cand.getByText(/bewerten, sobald|bereits am/).first();
    await reason.waitFor();
    const says = await reason.innerText();
    await reason.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    note(16, await shot(cand, '41-16a-rating-not-yet.png'), `/jobanbieter/${slug} with 1 application: the rating form`,
      `says before submitting: "${says}"`);
    await cand.goto(url('/meine-daten'));
    const percent = await cand.getByText(/Dein Profil ist zu/).first().innerText();
    note(16, await shot(cand, '41-16b-completeness.png'), '/meine-daten: profile completeness', `"${percent}"`);
  });

  // 19: an address that does not exist.
  await item(19, async () => {
    const response = await cand.goto(url('/gibtesnicht-xyz'));
    const body = await response.text();
    const noindex = /<meta name="robots" content="noindex">/.test(body);
    await cand.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
    const deeper = await fetch(url('/gibtesnicht/xyz'));
    note(19, await shot(cand, '41-19-not-found.png'), '/gibtesnicht-xyz',
      `HTTP ${response.status()} with noindex in the server's HTML: ${noindex}; /gibtesnicht/xyz: HTTP ${deeper.status}`, response.status() === 404 && noindex && deeper.status === 404);
  });
} finally {
  // A partial walk (ONLY) replaces its items' entries in the last full walk's checks.json.
  let all = checks;
  if (ONLY) {
    const before = JSON.parse(await readFile(join(HERE, 'checks.json'), 'utf8').catch(() => '{"checks":[]}')).checks;
    all = [...before.filter((c) => !ONLY.includes(c.item)), ...checks].sort((x, y) => x.item - y.item);
  }
  await writeFile(join(HERE, 'checks.json'), `${JSON.stringify({ site: SITE, at: new Date().toISOString(), provider: providerEmail, candidate: candidateEmail, job, checks: all }, null, 2)}\n`);
  console.log('page errors (desk):', desk.pageErrors());
  console.log('page errors (phone):', phone.pageErrors());
  await desk.close();
  await phone.close();
}
