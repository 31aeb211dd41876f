// "Stellen importieren": the template link; a file is required; "Prüfen" sends a dry run and shows
// per row what would happen with the server's German messages; "Importieren" then sends the same
// file without dryRun and says what was done; the server's 422 about the file is shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fakeProviderApi } from '@/testing/fake-provider-api';
import { ASYNC_WAIT } from '@/testing/wait';
import type { ImportAnswer } from '../api/job-imports';

afterEach(() => vi.unstubAllGlobals());

const rows = (dryRun: boolean): ImportAnswer => ({
  dryRun,
  rows: [
    { row: 2, reference: 'G-1', action: 'create', errors: {}, ...(dryRun ? {} : { id: 501 }) },
    { row: 3, reference: 'B-1', action: 'refuse', errors: { Vergütung: 'Der Lohn von 12,00 € pro Stunde liegt unter dem Mindestlohn von 13,90 € pro Stunde (2026).' } },
  ],
  counts: { create: 1, update: 0, refuse: 1 },
  ignoredColumns: ['Farbe'],
});

function withImport(answer: (dryRun: boolean) => Response) {
  const api = fakeProviderApi();
  const seen: { dryRun: boolean; file: unknown }[] = [];
  const respond = (path: string, init?: RequestInit) => {
    if (path.startsWith('/api/organizations/7/job_imports') && init?.method === 'POST') {
      const dryRun = path.includes('dryRun=1');
      seen.push({ dryRun, file: (init.body as FormData).get('file') });
      return answer(dryRun);
    }
    return api.respond(path, init);
  };
  return { respond, seen };
}

async function chooseFile(name = 'stellen.csv') {
  const input = (await screen.findByLabelText('Datei (CSV oder XML)', {}, ASYNC_WAIT)) as HTMLInputElement;
  const file = new File(['Referenznummer;Titel\r\nG-1;Promoter\r\n'], name, { type: 'text/csv' });
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

describe('job import page', () => {
  it('checks a file, shows each row, then imports it', async () => {
    const { respond, seen } = withImport((dryRun) => jsonResponse(200, rows(dryRun)));
    renderApp('/recruiting/portal/stellen-importieren', respond);
    const template = await screen.findByRole('link', { name: 'Vorlage herunterladen (CSV)' }, ASYNC_WAIT);
    expect(template.getAttribute('href')).toBe('/api/organizations/7/job_imports/template.csv');
    expect((screen.getByRole('button', { name: 'Importieren' }) as HTMLButtonElement).disabled).toBe(true);

    const file = await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    const status = await screen.findByText('Prüfung: 1 Stellen werden angelegt, 0 aktualisiert, 1 abgelehnt. Noch ist nichts gespeichert.', {}, ASYNC_WAIT);
    expect(status).toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.dryRun).toBe(true);
    expect((seen[0]!.file as File).name).toBe(file.name);
    const table = screen.getByRole('table');
    const refused = within(table).getByText('B-1').closest('tr') as HTMLElement;
    expect(within(refused).getByText('wird abgelehnt')).toBeTruthy();
    expect(refused.textContent).toContain('Vergütung: Der Lohn von 12,00 € pro Stunde liegt unter dem Mindestlohn');
    expect(within(within(table).getByText('G-1').closest('tr') as HTMLElement).getByText('wird angelegt')).toBeTruthy();
    expect(screen.getByText('Nicht importiert (unbekannte Spalten): Farbe')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Importieren' }));
    expect(await screen.findByText('Import abgeschlossen: 1 Stellen angelegt, 0 aktualisiert, 1 abgelehnt.', {}, ASYNC_WAIT)).toBeTruthy();
    expect(seen).toHaveLength(2);
    expect(seen[1]!.dryRun).toBe(false);
    expect(within(screen.getByRole('table')).getByText('angelegt')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zu Ihren Stellenanzeigen' }).getAttribute('href')).toBe('/recruiting/portal/stellenanzeigen');
  });

  it('asks for a file before sending anything', async () => {
    const { respond, seen } = withImport((dryRun) => jsonResponse(200, rows(dryRun)));
    renderApp('/recruiting/portal/stellen-importieren', respond);
    await screen.findByLabelText('Datei (CSV oder XML)', {}, ASYNC_WAIT);
    expect((screen.getByRole('button', { name: 'Prüfen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(seen).toHaveLength(0);
  });

  it('shows the server’s refusal of the whole file', async () => {
    const { respond } = withImport(() =>
      jsonResponse(422, { violations: [{ propertyPath: 'file', message: 'Eine Datei darf höchstens 2.000 Zeilen enthalten.' }] }),
    );
    renderApp('/recruiting/portal/stellen-importieren', respond);
    await chooseFile();
    fireEvent.click(screen.getByRole('button', { name: 'Prüfen' }));
    await waitFor(() => expect(screen.getByText('Eine Datei darf höchstens 2.000 Zeilen enthalten.')).toBeTruthy(), ASYNC_WAIT);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
