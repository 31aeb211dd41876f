// A content page's job box is tracked (issue 29, spec items still partial): `job_box_viewed` once
// when the box first enters the viewport (not before, not again), `job_details_clicked` when one of
// its jobs is opened, and neither without "Alle akzeptieren".
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeConsent } from '@/shared/lib/consent';
import { jsonResponse, renderApp } from '@/testing/render-app';


/** A viewport the test moves: `show()` tells every observed element it is now visible. */
class FakeObserver {
  static all: FakeObserver[] = [];
  observing = 0;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe() {
    this.observing += 1;
  }
  disconnect() {
    FakeObserver.all = FakeObserver.all.filter((o) => o !== this);
  }
  static show() {
    for (const o of [...FakeObserver.all]) o.callback([{ isIntersecting: true } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
  }
  /**
   * The box's observer starts in an effect, which React may run after the link is on the page
   * (on a busy machine a slow render yields before its effects): scrolling before then would
   * show nothing to nobody. Waits until the box is observed, as a visitor's scroll comes after it.
   */
  static async observed() {
    await waitFor(() => expect(FakeObserver.all.some((o) => o.observing > 0)).toBe(true));
  }
}

const JOB = { id: 41, slug: 'promoter-kiel-41', title: 'Promoter in Kiel', activities: [], employmentTypes: [], locations: [{ id: 1, city: 'Kiel' }] };

function serve(path: string) {
  const { pathname } = new URL(path, 'http://localhost');
  if (pathname === '/api/content/pages/by-slug/festivaljobs')
    return jsonResponse(200, {
      id: 3, slug: 'festivaljobs', sections: [
        { __component: 'headline-with-text', title: 'Festivaljobs', content: 'Arbeiten, wo die Musik spielt.' },
        { __component: 'job-box-without-tabs', title: 'Aktuelle Festivaljobs', jobs: { total: 1, items: [JOB] } },
      ],
    });
  if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
  if (pathname.startsWith('/api/webhook/')) return new Response(null, { status: 204 });
  return jsonResponse(404, {});
}

const sent = (fetchMock: { mock: { calls: unknown[][] } }, event: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === `/api/webhook/${event}`).map(([, init]) => JSON.parse(String((init as RequestInit).body)));

beforeEach(() => {
  FakeObserver.all = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]!.trim()).filter(Boolean)) document.cookie = `${name}=; Max-Age=0; Path=/`;
});

describe('job box tracking on a content page', () => {
  it('sends job_box_viewed once when the box comes into view, and job_details_clicked on a job', async () => {
    storeConsent('all');
    const { fetchMock } = renderApp('/festivaljobs', serve);
    const link = await screen.findByRole('link', { name: 'Promoter in Kiel' });
    await FakeObserver.observed();
    expect(sent(fetchMock, 'job_box_viewed')).toHaveLength(0);
    FakeObserver.show();
    FakeObserver.show();
    expect(sent(fetchMock, 'job_box_viewed')).toEqual([expect.objectContaining({ type: 'job-box-without-tabs' })]);
    fireEvent.click(link);
    expect(sent(fetchMock, 'job_details_clicked')).toEqual([expect.objectContaining({ jobPostingId: 41, type: 'job_box' })]);
  });

  it('sends neither without consent to statistics', async () => {
    storeConsent('required');
    const { fetchMock } = renderApp('/festivaljobs', serve);
    const link = await screen.findByRole('link', { name: 'Promoter in Kiel' });
    await FakeObserver.observed();
    FakeObserver.show();
    fireEvent.click(link);
    expect(sent(fetchMock, 'job_box_viewed')).toHaveLength(0);
    expect(sent(fetchMock, 'job_details_clicked')).toHaveLength(0);
  });
});
