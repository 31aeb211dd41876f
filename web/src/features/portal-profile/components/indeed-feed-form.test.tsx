// The Indeed switch on the organization's profile (issue 44 item 1): on by default, switched off
// and on again with PATCH {indeedFeed}, the box showing what the server stored ("Sie").
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { fakeProviderApi } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

// The machine may be busy: answers are waited for generously, never timed.
const slow = { timeout: 15_000 };
const patches = (api: ReturnType<typeof fakeProviderApi>) => api.calls.filter((c) => c.method === 'PATCH' && c.path === '/api/organizations/7');

describe('Indeed feed switch', () => {
  it('is on by default and saves switching off and on', async () => {
    const api = fakeProviderApi();
    renderApp('/recruiting/portal/unternehmensprofil', api.respond);
    const box = (await screen.findByLabelText('Stellenanzeigen an Indeed übermitteln', {}, slow)) as HTMLInputElement;
    expect(box.checked).toBe(true);

    fireEvent.click(box);
    expect(await screen.findByText('Ihre Stellenanzeigen werden nicht mehr an Indeed übermittelt.', {}, slow)).toBeTruthy();
    expect(patches(api)[0]!.body).toEqual({ indeedFeed: false });
    expect(((await screen.findByLabelText('Stellenanzeigen an Indeed übermitteln', {}, slow)) as HTMLInputElement).checked).toBe(false);

    fireEvent.click(await screen.findByLabelText('Stellenanzeigen an Indeed übermitteln', {}, slow));
    expect(await screen.findByText('Ihre Stellenanzeigen erscheinen wieder bei Indeed.', {}, slow)).toBeTruthy();
    expect(patches(api)[1]!.body).toEqual({ indeedFeed: true });
  });
});
