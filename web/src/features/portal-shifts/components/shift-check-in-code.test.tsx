// The portal's QR code for checking in and out (issue 43, item 2): offered on the shift's day
// only, drawn from the address the server signs (the path is the QR code of exactly that address),
// with "Drucken"; the server's refusal is shown as it comes.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';
import { testShift } from '@/testing/shift';
import { ASYNC_WAIT } from '@/testing/wait';
import { berlinToday } from '../lib/shift-calendar';
import { fakeProviderApi } from '@/testing/fake-provider-api';
import { qrPath } from './shift-check-in-code';

afterEach(() => vi.unstubAllGlobals());

const URL_OF_CODE = 'http://localhost:8080/einchecken?code=77.1764396000.1764439200.abcdefghijklmnopqrstuv';

const shift = (id: number, date: string) => testShift({ id, date, jobPosting: '/api/job_postings/41', applications: [] });

function api(codeAnswer: Response | (() => Response)) {
  const base = fakeProviderApi();
  const asked: string[] = [];
  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/job_postings/41/shifts')
      return jsonResponse(200, { 'hydra:member': [shift(77, berlinToday()), shift(78, '2099-01-02')], 'hydra:totalItems': 2 });
    if (/^\/api\/shifts\/\d+\/check_in_code$/.test(url.pathname)) {
      asked.push(url.pathname);
      return typeof codeAnswer === 'function' ? codeAnswer() : codeAnswer.clone();
    }
    return base.respond(input, init);
  };
  return { respond, asked };
}

const CODE = {
  shift: 77,
  code: '77.1764396000.1764439200.abcdefghijklmnopqrstuv',
  url: URL_OF_CODE,
  validFrom: '2026-11-29T06:00:00Z',
  validUntil: '2026-11-29T23:00:00Z',
  label: 'Sonntag, 29.11.2026, 08:00–16:00 Uhr',
  job: { id: 41, title: 'Messehilfe (m/w/d)' },
};

describe('QR code for checking in', () => {
  it("is offered for today's shift only, draws the server's address and prints", async () => {
    const fake = api(() => jsonResponse(200, CODE));
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', fake.respond);
    const buttons = await screen.findAllByRole('button', { name: 'QR-Code zum Einchecken' });
    expect(buttons).toHaveLength(1); // the shift of 2099 has none yet
    expect(fake.asked).toEqual([]);
    fireEvent.click(buttons[0]!);
    const figure = await screen.findByRole('figure', { name: 'QR-Code zum Ein- und Auschecken' }, ASYNC_WAIT);
    expect(fake.asked).toEqual(['/api/shifts/77/check_in_code']);
    const image = within(figure).getByRole('img', { name: `QR-Code für ${CODE.label}` });
    const expected = qrPath(URL_OF_CODE);
    expect(image.getAttribute('viewBox')).toBe(`0 0 ${expected.size} ${expected.size}`);
    expect(image.querySelector('path')!.getAttribute('d')).toBe(expected.d);
    expect(expected.d).not.toBe(qrPath(URL_OF_CODE.replace('77.', '78.')).d); // another code, another picture
    expect(figure.textContent).toContain('Messehilfe (m/w/d)');
    expect(figure.textContent).toContain('Gültig vom 29.11., 07:00 bis 30.11., 00:00 Uhr');
    fireEvent.click(within(figure).getByRole('button', { name: 'Drucken' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal", async () => {
    const fake = api(() => jsonResponse(409, { message: 'Dieser Einsatz wurde abgesagt.' }));
    renderApp('/recruiting/portal/stellenanzeigen/41/einsaetze', fake.respond);
    fireEvent.click(await screen.findByRole('button', { name: 'QR-Code zum Einchecken' }));
    expect((await screen.findByRole('alert', {}, ASYNC_WAIT)).textContent).toBe('Dieser Einsatz wurde abgesagt.');
  });
});

describe('qrPath', () => {
  it('draws a square code with its quiet zone', () => {
    const { size, d } = qrPath('https://jobhafen.example/einchecken?code=1.2.3.x');
    expect(size).toBeGreaterThanOrEqual(21 + 8);
    expect(d.startsWith('M4 4h1v1h-1z')).toBe(true); // the finder pattern's corner
  });
});
