// End to end: "Was?" on the job search page (issue 41, item 13). A visitor types "Promo": under the
// field "Promotion" is suggested as a Tätigkeit with its jobs, and searching "Promo" as typed
// lists the Promotion jobs of the seeded catalogue (the search matches word beginnings); choosing
// the suggestion completes the word.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { giveConsent, openBrowser, url } from './browser.mjs';

let visitor;

before(async () => {
  visitor = await openBrowser();
  await giveConsent(visitor.context);
});

after(async () => {
  await visitor?.close();
});

test('typing "Promo" suggests Promotion and finds the Promotion jobs', async () => {
  const page = visitor.page;
  await page.goto(url('/jobs/suche'));
  const search = page.getByRole('search', { name: 'Jobsuche' });
  const was = search.getByRole('combobox', { name: 'Was?' });
  await was.click();
  await was.pressSequentially('Promo', { delay: 60 });

  // The activity "Promotion" (common title words such as "Promotionjob" are suggested too).
  const suggestion = search.getByRole('option', { name: /^Promotion\s*Tätigkeit/ });
  await suggestion.waitFor();
  assert.match(await suggestion.innerText(), /Tätigkeit · [\d.]+ Jobs?/);

  // Searching the word's beginning as typed finds the jobs of the whole word.
  await page.goto(url('/jobs/suche?was=Promo'));
  const results = page.getByRole('main');
  await results.getByText(/\d+ Jobs? gefunden/).waitFor();
  assert.equal(await results.getByText('Keine Jobs gefunden', { exact: false }).count(), 0);
  const promotionLinks = results.getByRole('link', { name: /Promo/i });
  await promotionLinks.first().waitFor();
  assert.ok((await promotionLinks.count()) >= 1);

  // Choosing the suggestion completes the word in the field.
  await was.fill('');
  await was.pressSequentially('Promo', { delay: 60 });
  await suggestion.waitFor();
  await suggestion.click();
  assert.equal(await was.inputValue(), 'Promotion');
});
