// The administrators' review page: a visitor signs in with the administrator's account, sees the
// waiting registration and approves it; the list then is empty.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAdminQueue, signInAsAdministrator } from '@/testing/admin-queue';
import { renderApp } from '@/testing/render-app';
import type { ReviewedOrganization } from './review-page';

afterEach(() => vi.unstubAllGlobals());

describe('organization review', () => {
  it('signs the administrator in and approves a registration', async () => {
    const waiting: ReviewedOrganization[] = [
      { id: 7, name: 'Neue Agentur GmbH', city: 'Köln', contactEmail: 'hr@neue.example', createdAt: '2026-11-24T09:00:00Z', state: 'pending', members: [{ email: 'nora@neue.example', emailVerified: true, role: 'owner' }], jobPostings: 1 },
    ];
    const { respond, decisions } = fakeAdminQueue('/api/admin/organizations', '/api/admin/organizations', waiting);
    renderApp('/recruiting/portal/pruefung', respond);
    await signInAsAdministrator();
    expect(await screen.findByRole('heading', { name: 'Neue Agentur GmbH' })).toBeTruthy();
    expect(screen.getByText('nora@neue.example – Adresse bestätigt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Freischalten' }));
    expect(await screen.findByText('Keine Registrierungen warten auf eine Prüfung.')).toBeTruthy();
    expect(decisions).toEqual(['7 approve']);
  });
});
