// track() sends only after "Alle akzeptieren" (TDDDG § 25), never while impersonating, and carries
// the event's fields with the last-click values of the campaign cookie.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeConsent } from '@/shared/lib/consent';
import { startImpersonation, stopImpersonation } from '@/shared/lib/impersonation';
import { track, trackFlow } from './track';
import { rememberCampaign } from './visitor';

const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));

function clearCookies() {
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]!.trim()).filter(Boolean))
    document.cookie = `${name}=; Max-Age=0; Path=/`;
}

beforeEach(() => {
  clearCookies();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  stopImpersonation();
  vi.unstubAllGlobals();
});

describe('track', () => {
  it('sends nothing before the visitor chose', () => {
    track('job_favored', { jobPostingId: 7 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends nothing after "Nur notwendige"', () => {
    storeConsent('required');
    track('job_favored', { jobPostingId: 7 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after "Alle akzeptieren": the event with its fields and the last click', () => {
    storeConsent('all');
    rememberCampaign('?utm_source=newsletter&utm_campaign=herbst');
    track('job_favored', { jobPostingId: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/webhook/job_favored');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ jobPostingId: 7, utm_source: 'newsletter', utm_campaign: 'herbst', ssr: false });
  });

  it('flow steps go out as flow_step with flow and step', () => {
    storeConsent('all');
    trackFlow('job_application', 'started', { jobPostingId: 3 });
    const [address, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(address).toBe('/api/webhook/flow_step');
    expect(JSON.parse(String(init.body))).toMatchObject({ flow: 'job_application', step: 'started', jobPostingId: 3 });
  });

  it('sends nothing while an administrator impersonates', () => {
    storeConsent('all');
    startImpersonation('kandidatin@example.org');
    track('page_viewed');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
