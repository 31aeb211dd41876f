// The retention period in the organization's settings (issue 42 item 4): 180 days unless chosen,
// 90–180 whole days checked before sending ("Sie"), saved as applicationRetentionDays.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { fakeProviderApi } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const patches = (api: ReturnType<typeof fakeProviderApi>) => api.calls.filter((c) => c.method === 'PATCH' && c.path === '/api/organizations/7');

describe('retention period', () => {
  it('refuses a period outside 90 to 180 days and saves one inside', async () => {
    const api = fakeProviderApi();
    renderApp('/recruiting/portal/unternehmensprofil', api.respond);
    const field = (await screen.findByLabelText('Aufbewahrungsfrist in Tagen')) as HTMLInputElement;
    expect(field.value).toBe('180');
    const save = screen.getByRole('button', { name: 'Frist speichern' });

    // The button is disabled from the click until the rules have run (a microtask later): each
    // value is sent only once the last check is over, so each is checked.
    const ready = () => waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    for (const wrong of ['89', '181', '120,5', 'viel']) {
      await ready();
      fireEvent.change(field, { target: { value: wrong } });
      fireEvent.click(save);
      expect(await screen.findByText('Bitte geben Sie eine Aufbewahrungsfrist zwischen 90 und 180 Tagen als ganze Zahl an.')).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(patches(api)).toHaveLength(0);

    await ready();
    fireEvent.change(field, { target: { value: '90' } });
    fireEvent.click(save);
    expect(await screen.findByText('Ihre Aufbewahrungsfrist ist gespeichert.')).toBeTruthy();
    expect(patches(api)).toHaveLength(1);
    expect(patches(api)[0]!.body).toEqual({ applicationRetentionDays: 90 });
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });
});
