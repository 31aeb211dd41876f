// The administrators' review page: a visitor signs in with the administrator's account, sees the
// waiting registration and approves it; the list then is empty.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import type { ReviewedOrganization } from './review-page';

afterEach(() => vi.unstubAllGlobals());

describe('organization review', () => {
  it('signs the administrator in and approves a registration', async () => {
    let signedIn = false;
    const waiting: ReviewedOrganization[] = [
      { id: 7, name: 'Neue Agentur GmbH', city: 'Köln', contactEmail: 'hr@neue.example', createdAt: '2026-11-24T09:00:00Z', state: 'pending', members: [{ email: 'nora@neue.example', emailVerified: true, role: 'owner' }], jobPostings: 1 },
    ];
    const decisions: string[] = [];
    const respond = (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path === '/api/login') {
        signedIn = true;
        return jsonResponse(200, { token: 'h.e30.s' });
      }
      if (path === '/api/admin/organizations') return signedIn ? jsonResponse(200, { 'hydra:member': waiting, 'hydra:totalItems': waiting.length }) : jsonResponse(401, { status: 401, message: 'Bitte melde dich an.' });
      const decision = /^\/api\/admin\/organizations\/(\d+)\/(approve|reject)$/.exec(path);
      if (decision && init?.method === 'POST') {
        decisions.push(`${decision[1]} ${decision[2]}`);
        waiting.splice(0, 1);
        return jsonResponse(200, { id: 7, state: 'approved' });
      }
      return jsonResponse(404, {});
    };
    renderApp('/recruiting/portal/pruefung', respond);
    fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'admin@jobhafen.example' } });
    fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'Geheim123!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Neue Agentur GmbH' })).toBeTruthy();
    expect(screen.getByText('nora@neue.example – Adresse bestätigt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Freischalten' }));
    expect(await screen.findByText('Keine Registrierungen warten auf eine Prüfung.')).toBeTruthy();
    expect(decisions).toEqual(['7 approve']);
  });
});
