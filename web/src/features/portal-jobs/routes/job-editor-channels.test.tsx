// The job editor's channels (issue 44 item 5; docs/reach.md, "Kanäle pro Anzeige"): every channel
// the operator offers as a checkbox with its cost ("kostenlos", "49,00 € pro Anzeige"), Jobhafen
// checked and disabled; a new job shows the free channels checked and leaves the choice to the
// server's default until the provider changes it; a saved job shows its own choice and a change is
// sent as the job's `channels` and stored; the server's 422 for a channel shows at the channels.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { fakeProviderApi, job } from '@/testing/fake-provider-api';

afterEach(() => vi.unstubAllGlobals());

const channels = () => screen.findByRole('group', { name: 'Kanäle' });
const box = (group: HTMLElement, name: RegExp) => within(group).getByRole('checkbox', { name }) as HTMLInputElement;

describe('job editor channels', () => {
  it('lists every channel with its cost, Jobhafen always on, the free ones chosen for a new job', async () => {
    const api = fakeProviderApi();
    renderApp('/recruiting/portal/stellenanzeigen/neu', api.respond);
    const group = await channels();
    const jobhafen = await within(group).findByRole('checkbox', { name: 'Jobhafen – kostenlos' });
    expect((jobhafen as HTMLInputElement).checked).toBe(true);
    expect((jobhafen as HTMLInputElement).disabled).toBe(true);
    expect(box(group, /^Google for Jobs – kostenlos$/).checked).toBe(true);
    expect(box(group, /^Indeed – kostenlos$/).checked).toBe(true);
    const paid = box(group, /^Bremer Stadtanzeiger – 49,00 € pro Anzeige$/);
    expect(paid.checked).toBe(false);
    expect(paid.disabled).toBe(false);
    // What each one does stands under it.
    expect(within(group).getByText('Ihre Anzeige in der Samstagsausgabe.')).toBeTruthy();

    // Saved without touching them: the server's default applies, nothing is sent.
    fireEvent.change(screen.getByLabelText('Jobtitel *'), { target: { value: 'Promoter (m/w/d)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/job_postings')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/api/job_postings')!;
    expect(post.body).not.toHaveProperty('channels');
    await waitFor(() => expect(api.state.jobs[0]?.channels).toEqual(['jobhafen', 'google', 'indeed']));
  });

  it("shows a saved job's own choice and stores a change", async () => {
    const api = fakeProviderApi({ jobs: [job(5, { channels: ['jobhafen', 'google'] })] });
    renderApp('/recruiting/portal/stellenanzeigen/5', api.respond);
    const group = await channels();
    await within(group).findByRole('checkbox', { name: 'Jobhafen – kostenlos' });
    expect(box(group, /^Google for Jobs/).checked).toBe(true);
    expect(box(group, /^Indeed/).checked).toBe(false);

    fireEvent.click(box(group, /^Google for Jobs/));
    fireEvent.click(box(group, /^Bremer Stadtanzeiger/));
    fireEvent.click(box(group, /^Jobhafen/));   // disabled: stays on
    expect(box(group, /^Jobhafen/).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH' && c.path === '/api/job_postings/5')).toBe(true));
    const patch = api.calls.find((c) => c.method === 'PATCH')!;
    expect((patch.body as { channels: string[] }).channels).toEqual(['jobhafen', 'stadtanzeiger']);
    expect(await screen.findByText('Die Stellenanzeige ist gespeichert.')).toBeTruthy();
    expect(api.state.jobs.find((j) => j.id === 5)?.channels).toEqual(['jobhafen', 'stadtanzeiger']);
  });

  it("shows the server's refusal of a channel at the channels", async () => {
    const api = fakeProviderApi({ jobs: [job(6, { channels: ['jobhafen'] })] });
    const message = 'Diesen Kanal gibt es nicht oder er wird nicht mehr angeboten.';
    // The operator retired the paid channel after the editor loaded the list.
    const respond = (input: string, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? jsonResponse(422, { status: 422, violations: [{ propertyPath: 'channels[1]', message }] })
        : api.respond(input, init);
    renderApp('/recruiting/portal/stellenanzeigen/6', respond);
    const group = await channels();
    fireEvent.click(await within(group).findByRole('checkbox', { name: /^Bremer Stadtanzeiger/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Entwurf speichern' }));
    expect(await within(group).findByText(message)).toBeTruthy();
    expect(group.getAttribute('aria-invalid')).toBe('true');
    // At the channels, not listed again above the buttons as a field the form does not show.
    expect(screen.queryByText(`Kanal: ${message}`)).toBeNull();
  });
});
