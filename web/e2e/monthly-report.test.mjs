// End to end (issue 44, item 8, "Monatsbericht"): a candidate arrives at a provider's job from an
// Indeed link (the job page counts her view) and applies through the API with that source; the
// provider opens "Monatsbericht" from the portal's navigation and sees this month's numbers of the
// job (one view, one application from Indeed) in the tiles and the table, with the charts drawn,
// and downloads the month as CSV for Excel (BOM, `;`, the job's row and "Gesamt").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { artifactsDir, browsersForTheFile, url } from './browser.mjs';
import { fillDataForApplying, registerConfirmedCandidate } from './candidate.mjs';
import { sql } from './db.mjs';
import { approvedOrganizationMember, signInToPortal } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const providerEmail = `bericht-${stamp}@example.org`;
const company = `Bericht Events ${stamp}`;
const candidateEmail = `bericht-bewerberin-${stamp}@example.org`;
const title = `Promoter (m/w/d) Bericht ${stamp}`;

let candidate;
let provider;
browsersForTheFile(2, (first, second) => {
  candidate = first;
  provider = second;
});

const until = async (check, what, timeoutMs = 15_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`timed out waiting for ${what}`);
};

test('the provider sees the month’s view and application in the monthly report and downloads it as CSV', async () => {
  const organizationId = await approvedOrganizationMember({ email: providerEmail, password: PASSWORD, company });
  const [[jobId, slug]] = await sql(
    `INSERT INTO job_postings (slug, organization_id, title, is_published, active, published_at)
     VALUES ('bericht-' || :'p1', :'p2', :'p3', true, true, now() - interval '1 hour') RETURNING id, slug`,
    stamp,
    organizationId,
    title,
  );
  const dir = await artifactsDir();

  // The candidate: the job page from Indeed (a view), then the application with its source.
  const page = candidate.page;
  await registerConfirmedCandidate(page, candidateEmail);
  await fillDataForApplying(page);
  const counted = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith('/views'));
  await page.goto(url(`/jobs/${slug}?utm_source=indeed`));
  await counted;
  await until(async () => (await sql(`SELECT coalesce(sum(views), 0) FROM job_posting_daily_views WHERE job_posting_id = :'p1'`, jobId))[0][0] === '1', 'the view');
  const applied = await page.evaluate(async (id) => {
    const response = await fetch(`/api/job_postings/${id}/apply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ notes: 'Gern!', source: { utm_source: 'indeed' } }),
    });
    return { status: response.status, body: await response.json() };
  }, jobId);
  assert.equal(applied.status, 201, JSON.stringify(applied.body));

  // The provider: the report of this month from the navigation.
  const portal = provider.page;
  await signInToPortal(portal, providerEmail, PASSWORD);
  await portal.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Monatsbericht' }).click();
  await portal.getByRole('heading', { level: 1, name: 'Monatsbericht' }).waitFor();
  const totals = portal.getByRole('region', { name: 'Summen des Monats' });
  await totals.getByRole('group', { name: 'Aufrufe' }).getByText('1', { exact: true }).waitFor();
  await totals.getByRole('group', { name: 'Bewerbungen' }).getByText('1', { exact: true }).waitFor();
  const row = portal.getByRole('table', { name: /Zahlen je Stellenanzeige/ }).getByRole('row', { name: new RegExp(`Bericht ${stamp}`) });
  await row.getByText('Indeed: 1').waitFor();
  // recharts drew the chart of sources (its SVG, with a bar).
  await portal.getByRole('figure', { name: 'Diagramm: Bewerbungen nach Quelle' }).locator('svg.recharts-surface').first().waitFor();
  // The per-job chart's series are keyed q0, q1, … (review 26); its legend names the source.
  await portal.getByRole('figure', { name: 'Diagramm: Bewerbungen je Stellenanzeige nach Quelle' }).locator('.recharts-legend-item-text', { hasText: 'Indeed' }).waitFor();
  await portal.screenshot({ path: `${dir}/monthly-report.png`, fullPage: true });

  // The CSV of the same month: the browser's download from the link.
  const download = portal.waitForEvent('download');
  await portal.getByRole('link', { name: 'Als CSV herunterladen' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^monatsbericht-\d{4}-\d{2}\.csv$/);
  const chunks = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk);
  const csv = Buffer.concat(chunks);
  assert.deepEqual([...csv.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const rows = csv.subarray(3).toString('utf8').trimEnd().split('\r\n');
  assert.equal(
    rows[0],
    'Stellenanzeige;Aufrufe;Bewerbungen;Beantwortet;Antwortzeit (Median, Stunden);Einsätze;Einsätze voll besetzt;Plätze;Plätze besetzt;Bewerbungen: Indeed',
  );
  assert.deepEqual(rows.slice(1), [`${title};1;1;0;;0;0;0;0;1`, 'Gesamt;1;1;0;;0;0;0;0;1']);
  assert.deepEqual(candidate.pageErrors(), []);
  assert.deepEqual(provider.pageErrors(), []);
});
