// The shift choice while applying: only shifts with free places are offered, ticking one reports
// its id; a job without shifts (or an answer that fails) shows nothing.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries } from '@/testing/render-app';
import { ShiftChoice } from './shift-choice';

afterEach(() => vi.unstubAllGlobals());

const shift = (id: number, freePlaces: number) => ({
  id, jobPosting: '/api/job_postings/3', date: '2026-12-05', start: '10:00', end: '18:00', endsNextDay: false, startsAt: '', endsAt: '',
  placeId: null, place: { id: 1, name: 'Hamburg', label: 'Hamburg, Deutschland' }, staffNeeded: 2, confirmed: 2 - freePlaces, freePlaces,
  baseSalary: null, note: '', cancelledAt: null,
});

function renderChoice(answer: Response, onChange = vi.fn()) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer)));
  renderWithQueries(<ShiftChoice jobId={3} chosen={[]} onChange={onChange} />);
  return onChange;
}

describe('ShiftChoice', () => {
  it('offers the shifts with free places', async () => {
    const onChange = renderChoice(jsonResponse(200, { 'hydra:member': [shift(1, 1), shift(2, 0)], 'hydra:totalItems': 2 }));
    const box = await screen.findByRole('checkbox', { name: /Samstag, 05.12.2026, 10:00–18:00 Uhr, Hamburg – noch 1 Platz frei/ });
    expect(screen.getAllByRole('checkbox')).toHaveLength(1);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith([1]);
  });

  it('shows nothing when the job has no shifts or the list fails', async () => {
    renderChoice(jsonResponse(404, {}));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('group')).toBeNull();
  });
});
