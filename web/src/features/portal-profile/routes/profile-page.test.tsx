// The organization profile: saving sends the whole profile as a merge patch and says so; the
// server's 422 shows under its field; the logo is checked before upload (type) and uploaded with
// its progress on the button.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { fakeProviderApi } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const patches = (api: ReturnType<typeof fakeProviderApi>) => api.calls.filter((c) => c.method === 'PATCH' && c.path === '/api/organizations/7');

describe('organization profile', () => {
  it('saves the profile', async () => {
    const api = fakeProviderApi();
    renderApp('/recruiting/portal/unternehmensprofil', api.respond);
    fireEvent.change(await screen.findByLabelText('Website'), { target: { value: 'https://www.hafen-events.de' } });
    fireEvent.change(screen.getByLabelText('Einsatztage pro Jahr'), { target: { value: '1200' } });
    fireEvent.change(screen.getByLabelText('Beschreibung'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(screen.getByRole('button', { name: 'Wird gespeichert …' })).toBeTruthy();
    expect(await screen.findByText('Ihr Unternehmensprofil ist gespeichert.')).toBeTruthy();
    expect(patches(api)[0]!.body).toMatchObject({
      name: 'Hafen Events GmbH',
      website: 'https://www.hafen-events.de',
      workingDaysPerYear: 1200,
      foundingYear: 2010,
      description: null,
      contact: { name: 'Sabine Kranz', email: 'hr@hafen-events.de', phone: null },
      company: { legalForm: 'GmbH', street: 'Hafenstraße 1', zipcode: '20457', city: 'Hamburg', country: 'de' },
    });
  });

  it('shows the server 422 under its field', async () => {
    const api = fakeProviderApi();
    renderApp('/recruiting/portal/unternehmensprofil', api.respond);
    fireEvent.change(await screen.findByLabelText('Website'), { target: { value: 'www.kaputt.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    const field = screen.getByLabelText('Website');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe('Dieses Feld muss eine gültige URL sein');
    expect(screen.getByRole('alert').textContent).toBe('Bitte prüfen Sie die markierten Felder.');
  });

  it('reports every error of a save at once, the founding year too, and moves to the first', async () => {
    Element.prototype.scrollIntoView = () => undefined;
    const api = fakeProviderApi();
    renderApp('/recruiting/portal/unternehmensprofil', api.respond);
    const year = await screen.findByLabelText('Gründungsjahr');
    fireEvent.change(year, { target: { value: '3000' } });
    fireEvent.change(screen.getByLabelText('Telefon der Ansprechperson'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText(`Das Gründungsjahr darf nicht nach ${new Date().getFullYear()} liegen.`)).toBeTruthy();
    expect(screen.getByLabelText('Telefon der Ansprechperson').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(year));
    expect(patches(api)).toHaveLength(0);
    fireEvent.change(year, { target: { value: '2001' } });
    // The form library checks a changed field again in a microtask, not inside the change event.
    await waitFor(() => expect(year.getAttribute('aria-invalid')).toBeNull());
  });

  it('checks the postal code for the country before sending', async () => {
    const api = fakeProviderApi();
    renderApp('/recruiting/portal/unternehmensprofil', api.respond);
    fireEvent.change(await screen.findByLabelText('PLZ'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Profil speichern' }));
    expect(await screen.findByText('Dieses Feld muss eine gültige Postleitzahl für das ausgewählte Land enthalten')).toBeTruthy();
    expect(patches(api)).toHaveLength(0);
  });

  it('refuses a file that is no image and uploads a logo', async () => {
    const api = fakeProviderApi();
    renderApp('/recruiting/portal/unternehmensprofil', api.respond);
    expect(await screen.findByText('Sie haben noch kein Logo hochgeladen.')).toBeTruthy();
    const input = screen.getByLabelText(/Neues Logo/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'logo.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Logo hochladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Datei ist kein Bild (erlaubt sind JPEG, PNG, GIF und WebP).');
    expect(api.calls.some((c) => c.path === '/api/organizations/7/logo')).toBe(false);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Logo hochladen' }));
    expect(await screen.findByText('Ihr Logo ist gespeichert.')).toBeTruthy();
    const upload = api.calls.find((c) => c.path === '/api/organizations/7/logo')!;
    expect(upload.method).toBe('POST');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect((await screen.findByRole('img', { name: 'Logo von Hafen Events GmbH' })).getAttribute('src')).toMatch(/^\/api\/organizations\/7\/logo\?v=1$/);
  });
});
