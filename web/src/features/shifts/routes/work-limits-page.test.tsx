// /meine-arbeitszeitgrenzen: the candidate sees what they stated, where the confirmed shifts put
// them (this month and later months, over the limit marked), the note that it is guidance and
// not legal advice, and a new choice is saved (PATCH) and drawn from the server's answer.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, SIGNED_IN_CANDIDATE } from '@/testing/render-app';
import type { WorkLimitPeriod, WorkLimits } from '@/shared/api/work-limits';

afterEach(() => vi.unstubAllGlobals());

const GUIDANCE = 'Diese Übersicht ist eine Orientierungshilfe, keine Rechtsberatung.';

const month = (key: string, label: string, value: number, current: boolean): WorkLimitPeriod => ({
  measure: 'minijob_month', key, label, current, over: value > 603, unit: 'EUR', value, confirmed: value, limit: 603,
  valueText: `${value},00 €`, confirmedText: `${value},00 €`, limitText: '603,00 €', unknownPay: current ? 0 : 1, figuresYear: 2026,
});

const MINIJOB: WorkLimits = {
  status: 'minijob', lecturePeriod: true, measure: 'minijob_month', overrunMonths: 0, guidance: GUIDANCE, warnings: [],
  periods: [month('2026-11', 'November 2026', 480, true), month('2026-12', 'Dezember 2026', 640, false)],
};

const STUDENT: WorkLimits = { ...MINIJOB, status: 'working_student', measure: 'student_week', periods: [] };

function serve(patches: unknown[]) {
  return (path: string, init?: RequestInit) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(200, SIGNED_IN_CANDIDATE);
    if (pathname === '/api/candidate_accounts/me/work_limits') {
      if (init?.method === 'PATCH') {
        patches.push(JSON.parse(String(init.body)));
        return jsonResponse(200, STUDENT);
      }
      return jsonResponse(200, MINIJOB);
    }
    return jsonResponse(404, {});
  };
}

describe('Meine Arbeitszeitgrenzen', () => {
  it('shows the stated limit and where the confirmed shifts put the candidate', async () => {
    renderApp('/meine-arbeitszeitgrenzen', serve([]));
    const standing = await screen.findByRole('list', { name: 'Dein Stand' });
    expect(standing.textContent).toContain('Dieser Monat (November 2026): 480,00 € von 603,00 €');
    expect(standing.textContent).toContain('Dezember 2026: 640,00 € von 603,00 € – über der Grenze');
    expect(standing.textContent).toContain('bei 1 Einsatz kennen wir den Lohn nicht');
    expect(screen.getByText(GUIDANCE)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Minijob' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: /Vorlesungszeit/ })).toBeNull();
  });

  it('saves a new choice and draws the answer', async () => {
    const patches: unknown[] = [];
    renderApp('/meine-arbeitszeitgrenzen', serve(patches));
    fireEvent.click(await screen.findByRole('radio', { name: 'Werkstudent/in' }));
    await waitFor(() => expect(patches).toEqual([{ status: 'working_student' }]));
    expect(((await screen.findByRole('radio', { name: 'Werkstudent/in' })) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByRole('checkbox', { name: /Gerade ist Vorlesungszeit/ })).toBeTruthy();
  });
});
