// End to end: a team invitation against the real server and its mails in the SMTP sink. The owner
// of an approved organization invites two colleagues on the portal's team page; no account exists
// for either address yet. One opens the mailed link, sees the organization, sets a password and
// signs in to the portal; the other declines, and the owner's list no longer shows the invitation.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { artifactsDir, giveConsent, openBrowser, url } from './browser.mjs';
import { waitForMail } from './mail.mjs';
import { approvedOrganizationMember } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const owner = `team-owner-${stamp}@example.org`;
const colleague = `team-colleague-${stamp}@example.org`;
const stranger = `team-stranger-${stamp}@example.org`;
const company = `Hafenteam Events ${stamp}`;

let ownerBrowser;
let invitedBrowser;

before(async () => {
  ownerBrowser = await openBrowser();
  invitedBrowser = await openBrowser();
  await giveConsent(ownerBrowser.context);
  await giveConsent(invitedBrowser.context);
});

after(async () => {
  await ownerBrowser?.close();
  await invitedBrowser?.close();
});

async function signIn(page, email) {
  await page.goto(url('/recruiting/portal/anmelden'));
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: 'Übersicht' }).waitFor();
}

async function invite(page, email) {
  await page.getByLabel('E-Mail-Adresse der Kollegin oder des Kollegen').fill(email);
  await page.getByRole('button', { name: 'Einladen' }).click();
  await page.getByText(`Wir haben eine Einladung an ${email} geschickt.`).waitFor();
  await page.getByRole('list', { name: 'Offene Einladungen' }).getByText(email).waitFor();
}

/** The invitation link of the mail to `email`, as the person clicks it. */
async function invitationLink(email) {
  const mail = await waitForMail(email, { subject: 'Einladung in das Team' });
  const link = /\/recruiting\/portal\/einladung\/[\w-]+/.exec(mail.text)?.[0];
  assert.ok(link, 'no invitation link in the mail');
  assert.match(mail.text, /ablehnen/);
  return link;
}

test('an invited colleague accepts with a password and signs in; another declines and leaves nothing behind', async () => {
  await approvedOrganizationMember({ email: owner, password: PASSWORD, company });
  const { page, pageErrors } = ownerBrowser;
  const dir = await artifactsDir();
  await signIn(page, owner);
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Team' }).click();
  await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
  await invite(page, colleague);
  await invite(page, stranger);
  await page.screenshot({ path: `${dir}/team-invitations.png`, fullPage: true });
  // Invited is not a member: the team list shows the owner only.
  assert.equal(await page.getByRole('list', { name: 'Teammitglieder' }).getByRole('listitem').count(), 1);

  // The colleague accepts.
  const invited = invitedBrowser.page;
  await invited.goto(url(await invitationLink(colleague)));
  const form = invited.getByRole('form', { name: 'Einladung annehmen' });
  await form.getByText(`${company} lädt Sie ein`).waitFor();
  await form.getByText(colleague).waitFor();
  await invited.getByLabel('Neues Passwort').fill(PASSWORD);
  await invited.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await invited.getByRole('button', { name: 'Einladung annehmen' }).click();
  await invited.getByText(/Willkommen im Team! Ihr Konto ist angelegt/).waitFor();
  await invited.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await invited.getByRole('heading', { name: /Login/ }).first().waitFor();
  await signIn(invited, colleague);
  assert.deepEqual(invitedBrowser.pageErrors(), []);

  // The stranger declines on the same kind of page.
  await invited.goto(url(await invitationLink(stranger)));
  await invited.getByRole('button', { name: 'Einladung ablehnen' }).click();
  await invited.getByText('Sie haben die Einladung abgelehnt. Für Ihre E-Mail-Adresse wurde kein Konto angelegt.').waitFor();

  // The owner sees the colleague in the team, and no open invitation left.
  await page.reload();
  const team = page.getByRole('list', { name: 'Teammitglieder' });
  await team.getByText(colleague).waitFor();
  assert.equal(await page.getByRole('list', { name: 'Offene Einladungen' }).count(), 0);
  assert.deepEqual(pageErrors(), []);
});
