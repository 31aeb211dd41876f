import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('job search', () => {
  it('submits Was?/Wo? from the start page to /jobs and names the search', async () => {
    const { router } = renderApp('/');

    fireEvent.change(screen.getByLabelText('Was?'), { target: { value: 'Promotion' } });
    fireEvent.change(screen.getByLabelText('Wo?'), { target: { value: 'München' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jobs finden' }));

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Jobs für „Promotion“ in München',
    });
    expect(heading).toBeTruthy();
    expect(router.state.location.pathname).toBe('/jobs');
    expect(router.state.location.search).toBe('?was=Promotion&wo=M%C3%BCnchen');
    // The title is set in an effect, which may run just after the heading appears.
    await waitFor(() => expect(document.title).toBe('Jobs für „Promotion“ in München – Jobhafen'));
    // The form on the result page holds the search for refining it.
    const form = screen.getByRole('search', { name: 'Jobsuche' });
    expect(within(form).getByLabelText('Was?')).toHaveProperty('value', 'Promotion');
  });

  it('shows "Alle Jobs" without search terms', async () => {
    renderApp('/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alle Jobs' })).toBeTruthy();
  });

  it('gives each job type its landing page', async () => {
    renderApp('/messejobs?wo=Hamburg');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Messejobs in Hamburg' }),
    ).toBeTruthy();
    expect(screen.getByText(/Auf Messen betreust du Stände/)).toBeTruthy();
  });

  it('answers unknown paths with a German not-found page', async () => {
    renderApp('/gibt-es-nicht');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
  });
});
