// The candidate search in memory for the page tests, on top of the portal's fake API: the member's
// organization with or without the product, cards filtered like docs/providers.md says the server
// filters them, the detail, contacting (422 for an empty message, 429 for a second one within a
// day) and the organization's marks. Tests read `calls` and `contacts`.
import { jsonResponse } from '@/testing/render-app';
import type { CandidateCard, CandidateDetail } from '../api/candidate-search';
import { fakeProviderApi } from '@/testing/fake-provider-api';

export function candidate(id: number, fields: Partial<CandidateDetail> = {}): CandidateDetail {
  return {
    id,
    firstName: `Person${id}`,
    lastNameInitial: 'M.',
    ageBand: '25–34',
    city: 'Berlin',
    activities: [{ slug: 'promotion', name: 'Promotion' }],
    employmentStatus: 'student',
    workingTimes: ['weekend'],
    completenessPercent: 60,
    portrait: null,
    distanceKm: null,
    searchStatus: 'none',
    ...fields,
  };
}

type Options = { booked?: boolean; candidates?: CandidateDetail[] };

export function fakeCandidateSearchApi({ booked = true, candidates = [] }: Options = {}) {
  const base = fakeProviderApi();
  const people = candidates.map((c) => ({ ...c }));
  const contacts: { id: number; message: string }[] = [];
  const card = (c: CandidateDetail): CandidateCard => {
    const { profileSummary: _s, workPreference: _w, languages: _l, workExperiences: _x, promotionExperiences: _p, schoolings: _c, mobility: _m, lastContactedAt: _t, ...rest } = c;
    return rest;
  };

  const respond = (input: string, init?: RequestInit): Response => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    if (path === '/api/organization_members/me') {
      base.respond(input, init);
      const member = { id: 12, email: 'hr@hafen-events.de', emailVerified: true, role: 'owner', canAct: true };
      return jsonResponse(200, { ...member, organization: { ...base.organization, state: 'approved', activeAdQuota: 1, activeAds: 0, candidateSearch: booked } });
    }
    const list = path === '/api/organizations/7/candidate_search';
    const one = /^\/api\/organizations\/7\/candidate_search\/(\d+)(\/contact)?$/.exec(path);
    const mark = /^\/api\/candidate_profiles\/(\d+)\/pbasis_search\/7\/status$/.exec(path);
    if (!list && !one && !mark) return base.respond(input, init);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, string>) : {};
    base.calls.push({ method, path, query: url.searchParams, body });
    if (!booked)
      return jsonResponse(403, { status: 403, message: 'Die Bewerberdatenbank ist für Ihr Unternehmen noch nicht freigeschaltet.' });
    const q = url.searchParams;
    if (list) {
      const matching = people.filter(
        (c) =>
          (!q.get('activity') || c.activities.some((a) => a.slug === q.get('activity'))) &&
          (!q.get('employmentStatus') || c.employmentStatus === q.get('employmentStatus')) &&
          (!q.get('workingTime') || c.workingTimes.includes(q.get('workingTime')!)),
      );
      const page = Number(q.get('page') ?? 1);
      const perPage = Number(q.get('itemsPerPage') ?? 20);
      return jsonResponse(200, { 'hydra:member': matching.slice((page - 1) * perPage, page * perPage).map(card), 'hydra:totalItems': matching.length });
    }
    const found = people.find((c) => c.id === Number((one ?? mark)![1]));
    if (!found) return jsonResponse(404, { status: 404, message: 'Diese Person gibt es nicht oder sie ist nicht mehr in der Bewerberdatenbank.' });
    if (mark) {
      found.searchStatus = body.status as CandidateDetail['searchStatus'];
      return jsonResponse(200, { status: found.searchStatus });
    }
    if (one![2]) {
      if (!body.message?.trim())
        return jsonResponse(422, { status: 422, violations: [{ propertyPath: 'message', message: 'Dieses Feld darf nicht leer sein' }] });
      if (contacts.some((c) => c.id === found.id))
        return jsonResponse(429, { status: 429, message: 'Sie haben dieser Person in den letzten 24 Stunden bereits geschrieben. Bitte warten Sie auf ihre Antwort.' });
      contacts.push({ id: found.id, message: body.message });
      if (found.searchStatus === 'none' || found.searchStatus === 'viewed') found.searchStatus = 'contacted';
      found.lastContactedAt = '2026-11-24T12:00:00Z';
      return jsonResponse(201, found);
    }
    if (found.searchStatus === 'none') found.searchStatus = 'viewed';
    return jsonResponse(200, found);
  };
  return { respond, calls: base.calls, contacts, people };
}
