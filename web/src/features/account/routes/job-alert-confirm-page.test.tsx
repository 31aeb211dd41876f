// The job alert's confirmation link: a refused link says so, a passing failure (a 5xx, a lost
// connection) says to try again later and offers it, and trying again confirms.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CONFIRM = '/api/job_alerts/7/confirm';

describe('/job-alert-bestaetigen', () => {
  it('a link the server refuses is invalid', async () => {
    renderApp('/job-alert-bestaetigen/7/abc', (path) => (path.startsWith(CONFIRM) ? jsonResponse(404, { message: 'Nicht gefunden' }) : jsonResponse(404, {})));
    expect((await screen.findByRole('alert')).textContent).toContain('Der Link ist ungültig oder abgelaufen');
  });

  it('a 503 is a passing failure: try again later, and trying again confirms', async () => {
    let calls = 0;
    renderApp('/job-alert-bestaetigen/7/abc', (path) => {
      if (!path.startsWith(CONFIRM)) return jsonResponse(404, {});
      calls += 1;
      return calls === 1 ? jsonResponse(503, {}) : jsonResponse(200, { id: 7, title: 'Jobs für „Barista“' });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('versuche es in ein paar Minuten noch einmal');
    expect(alert.textContent).not.toContain('ungültig');
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect((await screen.findByText(/ist bestätigt/)).textContent).toContain('„Jobs für ‚Barista‘“');
  });

  it('a lost connection is a passing failure too', async () => {
    renderApp('/job-alert-bestaetigen/7/abc', (path) => (path.startsWith(CONFIRM) ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(404, {})));
    expect((await screen.findByRole('alert')).textContent).toContain('versuche es in ein paar Minuten noch einmal');
  });
});
