// End to end: the job import (docs/reach.md, "Import") against the real server. The owner of an
// approved organization opens "Stellen importieren" from the job list, chooses a CSV file in the
// template's format (2 good rows, 1 below the minimum wage), "Prüfen" shows per row what would
// happen with the minimum wage's message and stores nothing, "Importieren" creates the 2 jobs, and
// the portal's job list shows them published.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { withBrowser } from './browser.mjs';
import { sql } from './db.mjs';
import { approvedOrganizationMember, signInToPortal } from './provider.mjs';

const PASSWORD = 'Leuchtturm#2026';
const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

const csv = [
  '\uFEFFReferenznummer;Titel;Beschreibung;Tätigkeiten;PLZ;Ort;Vergütung;Vergütung pro',
  `IMP-1;Importierte Standbetreuung (m/w/d) ${stamp};Empfang am Stand.;promotion;25813;Husum;16,00;Stunde`,
  `IMP-2;Importierte Verkostung (m/w/d) ${stamp};"Verkostung im Markt;\r\nfreitags";promotion;25813;Husum;15,50;Stunde`,
  `IMP-3;Zu billig ${stamp};Zu wenig Lohn.;promotion;25813;Husum;9,00;Stunde`,
].join('\r\n');

test('a provider uploads a CSV, sees the dry run, imports it and finds the jobs in the list', async () => {
  const email = `import-owner-${stamp}@example.org`;
  const organizationId = await approvedOrganizationMember({ email, password: PASSWORD, company: `Import Events ${stamp}` });
  await sql('UPDATE organizations SET active_ad_quota = 5 WHERE id = :p1', organizationId);
  await withBrowser(async ({ page }) => {
    await signInToPortal(page, email, PASSWORD);
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Stellenanzeigen' }).click();
    await page.getByRole('link', { name: 'Stellen importieren' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stellen importieren' }).waitFor();
    await page.getByLabel('Datei (CSV oder XML)').setInputFiles({ name: 'stellen.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });

    await page.getByRole('button', { name: 'Prüfen' }).click();
    await page.getByText('Prüfung: 2 Stellen werden angelegt, 0 aktualisiert, 1 abgelehnt. Noch ist nichts gespeichert.').waitFor();
    const refused = page.getByRole('row').filter({ hasText: 'IMP-3' });
    await refused.getByText('wird abgelehnt').waitFor();
    assert.match(await refused.textContent(), /Vergütung: Der Lohn von 9,00 € pro Stunde liegt unter dem Mindestlohn/);
    const [[stored]] = await sql('SELECT count(*) FROM job_postings WHERE organization_id = :p1', organizationId);
    assert.equal(Number(stored), 0, 'the dry run stores nothing');

    await page.getByRole('button', { name: 'Importieren' }).click();
    await page.getByText('Import abgeschlossen: 2 Stellen angelegt, 0 aktualisiert, 1 abgelehnt.').waitFor();
    await page.getByRole('link', { name: 'Zu Ihren Stellenanzeigen' }).click();
    for (const title of [`Importierte Standbetreuung (m/w/d) ${stamp}`, `Importierte Verkostung (m/w/d) ${stamp}`]) {
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title }) });
      await item.getByText('Veröffentlicht').first().waitFor();
    }
    assert.equal(await page.getByText(`Zu billig ${stamp}`).count(), 0);
  });
});
