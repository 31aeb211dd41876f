// A confirmed candidate for end-to-end tests: registered through the API from the page (so the
// browser holds the session cookies) and confirmed with the token of the verification mail that
// arrived in the SMTP sink.
import assert from 'node:assert/strict';
import { url } from './browser.mjs';
import { waitForMail } from './mail.mjs';

export const CANDIDATE_PASSWORD = 'Sonne#2026wind';

export async function registerConfirmedCandidate(page, email) {
  await page.goto(url('/'));
  const status = await page.evaluate(
    async ([address, password]) => {
      const response = await fetch('/api/candidate_profiles/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email: address, password, passwordConfirmation: password, firstName: 'Jana', lastName: 'Muster' }),
      });
      return response.status;
    },
    [email, CANDIDATE_PASSWORD],
  );
  assert.equal(status, 201);
  // The link of the verification mail carries the token the confirmation needs.
  const mail = await waitForMail(email, { subject: 'Bitte bestätige deine E-Mail-Adresse' });
  const token = /\/email-bestaetigen\/([\w-]+)/.exec(mail.text)?.[1];
  assert.ok(token, 'no confirmation link in the verification mail');
  const confirmed = await page.evaluate(async (t) => (await fetch(`/api/candidate_accounts/validate_email_verification_token/${t}`)).status, token);
  assert.equal(confirmed, 200);
}

/**
 * Fills what applying needs (hasRelevantDataForApplication), as the update-and-apply form sends it,
 * and an adult's birth date, which choosing shifts needs (docs/fair-play.md); `birthDate` sets another,
 * `null` leaves it out.
 */
/**
 * Opens the application form from a job's page, as a person does once the page is there: the
 * server's picture of the job (job_paint.cpp) has a plain "Jetzt bewerben" link that the app
 * replaces when the job's data arrives, and a click that lands in that moment hits whatever took
 * the link's place (CI, stop 55). So this waits for the app's own page ("Merken" is only there),
 * then clicks its link and waits for the form's address.
 */
export async function openApplicationForm(page) {
  await page.getByRole('button', { name: /^(Merken|Gemerkt)$/ }).first().waitFor();
  await page.getByRole('link', { name: /^Jetzt bewerben/ }).click();
  await page.waitForURL(/\/jobs-bewerbung\//);
}

export async function fillDataForApplying(page, { birthDate = '1999-04-12' } = {}) {
  const relevant = await page.evaluate(async (born) => {
    const me = await (await fetch('/api/candidate_accounts/me')).json();
    const response = await fetch(`/api/candidate_profiles/${me.candidateProfile.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json', Accept: 'application/json' },
      body: JSON.stringify({
        gender: 'female',
        hasActivitySkills: true,
        addresses: [{ street: 'Hafenstraße 1', zipcode: '20457', city: 'Hamburg', country: 'de' }],
        communicationData: [{ type: 'mobile', value: '0151 1234567' }],
        languages: [{ language: 'de', level: 'native' }],
        jobEmployment: { jobEmploymentStatus: 'student' },
        ...(born ? { birthDate: born } : {}),
      }),
    });
    return (await response.json()).hasRelevantDataForApplication;
  }, birthDate);
  assert.equal(relevant, true);
}

/** Saves the open "Job-Alert anlegen" dialog with `title` (and `interval`), through its confirmation notice. */
export async function saveJobAlertDialog(dialog, { title, interval } = {}) {
  if (title) await dialog.getByLabel('Titel').fill(title);
  if (interval) await dialog.getByLabel('Wie oft?').selectOption(interval);
  await dialog.getByRole('button', { name: 'Job-Alert speichern' }).click();
  await dialog.getByText(/Bitte bestätige darin deinen Job-Alert/).waitFor();
  await dialog.locator('button', { hasText: 'Schließen' }).click();
}
