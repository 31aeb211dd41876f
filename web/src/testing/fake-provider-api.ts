// A small in-memory provider API for the portal's page tests, answering like docs/providers.md
// says the server does: the member, the organization, job postings with their states, the quota's
// 409, the 422 violations per field, places and reference lists. Tests read `calls` to see what
// the page sent and `jobs` to see what was stored.
import { jsonResponse } from '@/testing/render-app';
import type { Applicant } from '@/features/portal-applicants/api/applications';
import type { ApplicantStatus } from '@/shared/portal/filters';
import type { JobLocationInput, JobPosting, JobPostingPatch } from '@/shared/portal/job-postings';
import type { MemberOrganization, OrganizationMember } from '@/shared/portal/member';
import type { Shift } from '@/shared/api/shifts';

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

// As the server words it (jobs::quota_message in actors/jobs/job_postings_editor.cpp).
const QUOTA_MESSAGE = (n: number) =>
  `Sie haben bereits ${n} ${n === 1 ? 'aktive Stellenanzeige' : 'aktive Stellenanzeigen'} – so viele, wie Ihr Kontingent erlaubt. Bitte pausieren oder beenden Sie eine Anzeige oder erweitern Sie Ihr Kontingent.`;

const PLACES = [
  { id: 2950159, name: 'Berlin', label: 'Berlin', type: 'city', country: 'de', lat: 52.52, lon: 13.41 },
  { id: 2911298, name: 'Hamburg', label: 'Hamburg', type: 'city', country: 'de', lat: 53.55, lon: 9.99 },
];
const LISTS: Record<string, { code: string; name: string }[]> = {
  activities: [{ code: 'promotion', name: 'Promotion' }, { code: 'messe', name: 'Messe' }],
  employment_types: [{ code: 'minijob', name: 'Minijob' }],
  industries: [{ code: 'handel', name: 'Handel' }],
  countries: [{ code: 'de', name: 'Deutschland' }, { code: 'at', name: 'Österreich' }],
  languages: [{ code: 'de', name: 'Deutsch' }],
};
/** The operator's channels as GET /publication_channels answers them (migration 0380 and one paid channel). */
export const CHANNELS = [
  { slug: 'jobhafen', name: 'Jobhafen', description: 'Ihre Stellenanzeige auf Jobhafen.', priceCents: 0, currency: 'EUR', free: true, alwaysOn: true },
  { slug: 'google', name: 'Google for Jobs', description: 'Google erfährt sofort von Ihrer Anzeige.', priceCents: 0, currency: 'EUR', free: true, alwaysOn: false },
  { slug: 'indeed', name: 'Indeed', description: 'Ihre Anzeige im Stellen-Feed für Indeed.', priceCents: 0, currency: 'EUR', free: true, alwaysOn: false },
  { slug: 'stadtanzeiger', name: 'Bremer Stadtanzeiger', description: 'Ihre Anzeige in der Samstagsausgabe.', priceCents: 4900, currency: 'EUR', free: false, alwaysOn: false },
] as const;
const FREE_CHANNELS = CHANNELS.filter((c) => c.free).map((c) => c.slug as string);

const NAMED: Record<string, string> = { promotion: 'Promotion', messe: 'Messe', minijob: 'Minijob', handel: 'Handel' };

export function job(id: number, fields: Partial<JobPosting> = {}): JobPosting {
  return {
    id,
    slug: `job-${id}`,
    state: 'draft',
    title: `Job ${id}`,
    description: null,
    activities: [],
    employmentTypes: [],
    industries: [],
    brands: [],
    tags: [],
    locations: [],
    locationDescription: null,
    periodDescription: null,
    salaryDescription: null,
    baseSalary: null,
    salaryUnit: null,
    salaryCurrency: 'EUR',
    overnightStayAllowance: null,
    travelExpenses: null,
    specialPayments: null,
    workingTime: null,
    benefits: null,
    requirement: null,
    contact: { name: null, email: null, phone: null },
    validThrough: null,
    applicationsCount: 0,
    updatedAt: '2026-11-20T10:00:00Z',
    publicUrl: `/jobs/job-${id}`,
    ...fields,
  };
}

/** An application to organization 7, as GET /applications/{id} answers it. */
export function applicant(id: number, fields: Partial<Applicant> = {}): Applicant {
  return {
    id,
    status: 'sent',
    statusMessage: null,
    statusChangedAt: null,
    notes: 'Ich habe drei Jahre Erfahrung als Promoterin.',
    createdAt: '2026-11-21T09:30:00Z',
    locations: [{ id: 501, city: 'Hamburg', name: null }],
    jobPosting: { id: 1, title: 'Job 1' },
    candidate: {
      firstName: 'Jana',
      lastName: 'Meyer',
      email: 'jana@example.de',
      sedcard: {
        gender: 'female',
        addresses: [{ street: 'Elbchaussee 5', zipcode: '22763', city: 'Hamburg', country: 'de' }],
        communicationData: [{ type: 'mobile', value: '0170 1234567' }],
        languages: [{ language: 'de', level: 'native' }],
        jobEmployment: { jobEmploymentStatus: 'student' },
        activitySkills: [{ skill: 'promotion', level: 'expert' }],
      },
      documents: [
        { id: 31, kind: 'misc', type: 'cv', notes: 'Stand 2026', attachments: [{ id: 41, fileName: 'lebenslauf.pdf', contentType: 'application/pdf', bytes: 2048, contentUrl: '/api/applications/11/documents/41' }] },
      ],
    },
    ...fields,
  };
}

const REVIEW: ApplicantStatus[] = ['seen', 'shortlisted', 'invited', 'declined', 'hired'];

type Options = {
  signedIn?: boolean;
  canAct?: boolean;
  /** Approved, then blocked by an administrator: it may not act (`canAct` false), its state stays `approved`. */
  blocked?: boolean;
  quota?: number;
  jobs?: JobPosting[];
  password?: string;
  applicants?: Applicant[];
  jobViews?: number;
  /** The status route answers 500 (a server failure the page must explain). */
  statusFails?: boolean;
  /** The jobs' shifts with their choices (the team's list, GET /job_postings/{id}/shifts?all=1). */
  shifts?: Shift[];
};

export function fakeProviderApi({
  signedIn = true,
  canAct: mayAct = true,
  blocked = false,
  quota = 1,
  jobs = [],
  password = 'Leuchtturm#2026',
  applicants = [],
  jobViews = 0,
  statusFails = false,
  shifts = [],
}: Options = {}) {
  const calls: Call[] = [];
  const canAct = mayAct && !blocked;
  const state = {
    signedIn,
    jobs: [...jobs],
    nextId: 100,
    applicants: [...applicants],
    notes: [] as { id: number; applicationId: number; body: string; author: string; mine: boolean; createdAt: string }[],
    ratings: {} as Record<number, number>,
    shifts: structuredClone(shifts),
  };
  const organization: Omit<MemberOrganization, 'state' | 'activeAdQuota' | 'activeAds' | 'candidateSearch'> = {
    id: 7,
    slug: 'hafen-events-1a2b',
    name: 'Hafen Events GmbH',
    description: 'Wir machen Messen.',
    website: null,
    foundingYear: 2010,
    employees: 25,
    workingDaysPerYear: null,
    logo: null,
    contact: { name: 'Sabine Kranz', email: 'hr@hafen-events.de', phone: null },
    company: { name: null, legalForm: 'GmbH', street: 'Hafenstraße 1', zipcode: '20457', city: 'Hamburg', country: 'de', vatId: null, registerCourt: null, registerNumber: null },
  };
  const activeAds = () => state.jobs.filter((j) => j.state === 'published').length;
  /** The member's view of the organization, as /organization_members/me, PATCH and the logo answer it. */
  const view = (): MemberOrganization => ({ ...organization, state: canAct || blocked ? 'approved' : 'pending', activeAdQuota: quota, activeAds: activeAds(), candidateSearch: false });
  const member = (): OrganizationMember => ({
    id: 12,
    email: 'hr@hafen-events.de',
    emailVerified: true,
    role: 'owner',
    canAct,
    organization: view(),
  });

  /** The body of POST/PATCH applied to a job, or the 422 violations it breaks. */
  function apply(target: JobPosting, body: JobPostingPatch) {
    const violations: { propertyPath: string; message: string }[] = [];
    if ('title' in body && (typeof body.title !== 'string' || body.title.trim() === '')) violations.push({ propertyPath: 'title', message: 'Dieses Feld darf nicht leer sein' });
    const locations = body.locations ?? [];
    const placeOf = (l: JobLocationInput) => PLACES.find((p) => ('placeId' in l ? p.id === l.placeId : p.name === l.city));
    locations.forEach((l, i) => {
      const place = placeOf(l);
      if (!place) violations.push({ propertyPath: `locations[${i}].city`, message: 'Diesen Ort kennen wir nicht. Bitte wählen Sie einen Ort aus der Vorschlagsliste.' });
    });
    // The channels as the server checks them (actors/jobs/publication_channels.cpp): offered slugs, Jobhafen kept.
    (body.channels ?? []).forEach((slug, i) => {
      if (!CHANNELS.some((c) => c.slug === slug)) violations.push({ propertyPath: `channels[${i}]`, message: 'Diesen Kanal gibt es nicht oder er wird nicht mehr angeboten.' });
    });
    if (violations.length) return violations;
    const channels = body.channels ? ['jobhafen', ...CHANNELS.map((c) => c.slug as string).filter((slug) => slug !== 'jobhafen' && body.channels!.includes(slug))] : (target.channels ?? FREE_CHANNELS);
    const named = (codes: string[] | undefined) => (codes ?? []).map((slug, i) => ({ id: i + 1, slug, name: NAMED[slug] ?? slug }));
    Object.assign(target, body, {
      activities: named(body.activities),
      employmentTypes: named(body.employmentTypes),
      industries: named(body.industries),
      channels,
      locations: locations.map((l) => {
        const place = placeOf(l)!;
        return { street: l.street ?? null, zipcode: l.zipcode ?? null, city: place.name, country: 'de', lat: place.lat, lon: place.lon, placeId: place.id };
      }),
    });
    return null;
  }

  function publish(target: JobPosting) {
    if (target.state === 'published') return jsonResponse(200, target);
    if (activeAds() >= quota) return jsonResponse(409, { status: 409, message: QUOTA_MESSAGE(activeAds()) });
    const missing = [
      !target.description && 'description',
      target.activities.length === 0 && 'activities',
      target.locations.length === 0 && 'locations',
    ].filter(Boolean) as string[];
    if (missing.length)
      return jsonResponse(422, { status: 422, message: 'Ungültige Eingaben', violations: missing.map((propertyPath) => ({ propertyPath, message: 'Dieses Feld darf nicht leer sein' })) });
    target.state = 'published';
    return jsonResponse(200, target);
  }

  /** POST/PATCH: the body applied (422 leaves the job as it was); with `?publish=1` also published, and
   * when that fails (422, 409) the job is left as it was, as the server's one transaction does. */
  function save(target: JobPosting, body: unknown, publishing: boolean): Response | null {
    const before = structuredClone(target);
    const violations = apply(target, body as JobPostingPatch);
    if (violations) {
      Object.assign(target, before);
      return jsonResponse(422, { status: 422, violations });
    }
    if (!publishing || target.state === 'published') return null;
    const published = publish(target);
    if (published.ok) return null;
    Object.assign(target, before);
    return published;
  }

  function answer(method: string, path: string, query: URLSearchParams, body: unknown): Response {
    if (path === '/api/login') {
      const credentials = body as { email: string; password: string };
      if (credentials.password !== password) return jsonResponse(401, { status: 401, message: 'E-Mail-Adresse oder Passwort ist falsch.' });
      state.signedIn = true;
      return jsonResponse(200, { token: 'h.e30.s' });
    }
    if (path === '/api/logout') {
      state.signedIn = false;
      return new Response(null, { status: 204 });
    }
    if (path === '/api/places/autocomplete') return jsonResponse(200, { 'hydra:member': PLACES.filter((p) => p.name.toLowerCase().startsWith((query.get('text') ?? '').toLowerCase())) });
    if (path === '/api/publication_channels') return jsonResponse(200, { 'hydra:member': CHANNELS, 'hydra:totalItems': CHANNELS.length });
    const list = /^\/api\/reference_lists\/(\w+)$/.exec(path);
    if (list) return jsonResponse(200, { 'hydra:member': LISTS[list[1]!] ?? [] });
    if (!path.startsWith('/api/organization') && !path.startsWith('/api/job_postings') && !path.startsWith('/api/application') && !path.startsWith('/api/shift'))
      return jsonResponse(404, {});
    if (!state.signedIn) return jsonResponse(401, { status: 401, message: 'Bitte melden Sie sich an.' });
    const shiftAnswer = answerShifts(method, path, body);
    if (shiftAnswer) return shiftAnswer;
    const pipelineAnswer = answerPipeline(method, path, query, body);
    if (pipelineAnswer) return pipelineAnswer;
    const applicantAnswer = answerApplicants(method, path, query, body);
    if (applicantAnswer) return applicantAnswer;

    if (path === '/api/organization_members/me') return jsonResponse(200, member());
    if (path === '/api/organizations/7' && method === 'PATCH') {
      const patch = body as Record<string, unknown>;
      if (typeof patch.website === 'string' && patch.website.includes('kaputt'))
        return jsonResponse(422, { status: 422, violations: [{ propertyPath: 'website', message: 'Dieses Feld muss eine gültige URL sein' }] });
      Object.assign(organization, patch);
      return jsonResponse(200, view());
    }
    if (path === '/api/organizations/7/logo' && method === 'POST') {
      organization.logo = '/api/organizations/7/logo';
      return jsonResponse(200, view());
    }
    if (path === '/api/organizations/7/job_postings') {
      const wanted = query.get('state');
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('itemsPerPage') ?? 20);
      const matching = state.jobs.filter((j) => !wanted || j.state === wanted);
      return jsonResponse(200, { 'hydra:member': matching.slice((page - 1) * perPage, page * perPage), 'hydra:totalItems': matching.length });
    }
    const own = /^\/api\/organizations\/7\/job_postings\/(\d+)$/.exec(path);
    const byId = /^\/api\/job_postings\/(\d+)(?:\/(\w+))?$/.exec(path);
    const found = state.jobs.find((j) => j.id === Number((own ?? byId)?.[1]));
    if (own) return found ? jsonResponse(200, found) : jsonResponse(404, { status: 404, message: 'Diese Stellenanzeige gibt es nicht.' });
    const publishing = query.get('publish') === '1';
    if (path === '/api/job_postings' && method === 'POST') {
      const draft = job(state.nextId);
      const failed = save(draft, body, publishing);
      if (failed) return failed;
      state.nextId++;
      state.jobs.unshift(draft);
      return jsonResponse(201, draft);
    }
    if (byId && !found) return jsonResponse(404, { status: 404, message: 'Diese Stellenanzeige gibt es nicht.' });
    if (byId && found && method === 'PATCH') return save(found, body, publishing) ?? jsonResponse(200, found);
    if (byId && found && byId[2] === 'publish') return publish(found);
    if (byId && found && byId[2] === 'unpublish') return jsonResponse(200, Object.assign(found, { state: 'paused' }));
    if (byId && found && byId[2] === 'close') return jsonResponse(200, Object.assign(found, { state: 'closed' }));
    if (byId && found && byId[2] === 'duplicate') {
      const copy = { ...found, id: state.nextId++, state: 'draft' as const, title: `${found.title} (Kopie)`, viewsLast30Days: 0, applicationsCount: 0 };
      state.jobs.unshift(copy);
      return jsonResponse(201, copy);
    }
    return jsonResponse(404, {});
  }

  /** A job's shifts and the decision per choice (docs/shifts.md): a full shift 409 as the server says it. */
  function answerShifts(method: string, path: string, body: unknown): Response | null {
    const list = /^\/api\/job_postings\/(\d+)\/shifts$/.exec(path);
    if (list && method === 'GET') {
      const own = state.shifts.filter((s) => s.jobPosting === `/api/job_postings/${list[1]}`);
      return jsonResponse(200, { 'hydra:member': own, 'hydra:totalItems': own.length });
    }
    const decided = /^\/api\/shift_applications\/(\d+)$/.exec(path);
    if (!decided || method !== 'PATCH') return null;
    const shift = state.shifts.find((s) => (s.applications ?? []).some((a) => a.id === Number(decided[1])));
    const choice = shift?.applications?.find((a) => a.id === Number(decided[1]));
    if (!shift || !choice) return jsonResponse(404, { status: 404, message: 'Diese Auswahl gibt es nicht.' });
    const { status } = body as { status: 'confirmed' | 'declined' };
    if (status === 'confirmed' && choice.status !== 'confirmed' && shift.confirmed >= shift.staffNeeded)
      return jsonResponse(409, { status: 409, message: 'Dieser Einsatz ist bereits voll besetzt.' });
    if (choice.status === 'confirmed') shift.confirmed -= 1;
    if (status === 'confirmed') shift.confirmed += 1;
    choice.status = status;
    shift.freePlaces = Math.max(shift.staffNeeded - shift.confirmed, 0);
    return jsonResponse(200, shift);
  }

  /** The pipeline routes (docs/providers.md, "Pipeline tools"); null for every other path. */
  function answerPipeline(method: string, path: string, query: URLSearchParams, body: unknown): Response | null {
    const notFound = () => jsonResponse(404, { status: 404, message: 'Diese Bewerbung wurde nicht gefunden.' });
    if (path === '/api/organizations/7/applications/status' && method === 'POST') {
      const change = body as { ids: number[]; status: ApplicantStatus; message?: string };
      const missing = change.ids.filter((id) => !state.applicants.some((a) => a.id === id));
      if (missing.length) return jsonResponse(404, { status: 404, message: `Diese Bewerbungen wurden nicht gefunden: ${missing.join(', ')}. Es wurde nichts geändert.` });
      const changed = state.applicants.filter((a) => change.ids.includes(a.id));
      for (const a of changed) Object.assign(a, { status: change.status, statusMessage: change.message ?? null });
      return jsonResponse(200, { 'hydra:member': changed.map((a) => ({ id: a.id, status: a.status, statusMail: 'queued' })), 'hydra:totalItems': changed.length });
    }
    const note = /^\/api\/application_notes\/(\d+)$/.exec(path);
    if (note && method === 'DELETE') {
      const at = state.notes.findIndex((n) => n.id === Number(note[1]));
      if (at < 0) return notFound();
      state.notes.splice(at, 1);
      return new Response(null, { status: 204 });
    }
    const m = /^\/api\/applications\/(\d+)\/(notes|rating|neighbours)$/.exec(path);
    if (!m) return null;
    const id = Number(m[1]);
    if (!state.applicants.some((a) => a.id === id)) return notFound();
    if (m[2] === 'notes' && method === 'POST') {
      const text = ((body as { body?: string }).body ?? '').trim();
      if (!text) return jsonResponse(422, { status: 422, violations: [{ propertyPath: 'body', message: 'Bitte schreiben Sie eine Notiz.' }] });
      const created = { id: state.nextId++, applicationId: id, body: text, author: 'hr@hafen-events.de', mine: true, createdAt: '2026-11-24T10:00:00Z' };
      state.notes.push(created);
      return jsonResponse(201, created);
    }
    if (m[2] === 'notes') return jsonResponse(200, { 'hydra:member': state.notes.filter((n) => n.applicationId === id), 'hydra:totalItems': 0 });
    if (m[2] === 'rating' && method === 'PUT') {
      const stars = (body as { stars: number | null }).stars;
      if (stars === null) delete state.ratings[id];
      else state.ratings[id] = stars;
      return jsonResponse(200, rating(id));
    }
    if (m[2] === 'rating') return jsonResponse(200, rating(id));
    // Neighbours: the list's order is the fake's order, under the list's filter.
    const job = query.get('jobPosting');
    const status = query.get('status');
    const listed = state.applicants.filter((a) => a.id === id || ((!job || a.jobPosting.id === Number(job)) && (!status || a.status === status)));
    const at = listed.findIndex((a) => a.id === id);
    const near = (a: Applicant | undefined) => (a ? { id: a.id, firstName: a.candidate.firstName, lastName: a.candidate.lastName } : null);
    return jsonResponse(200, { previous: near(listed[at - 1]), next: near(listed[at + 1]) });
  }
  const rating = (id: number) =>
    state.ratings[id] ? { stars: state.ratings[id], setBy: 'hr@hafen-events.de', updatedAt: '2026-11-24T10:00:00Z' } : { stars: null, setBy: null, updatedAt: null };

  /** The applicant routes (docs/candidate-actions.md, "Applicants"); null for every other path. */
  function answerApplicants(method: string, path: string, query: URLSearchParams, body: unknown): Response | null {
    const notFound = () => jsonResponse(404, { status: 404, message: 'Das gibt es nicht.' });
    if (path === '/api/organizations/7/dashboard') {
      if (!canAct) return notFound();
      return jsonResponse(200, { newApplications: state.applicants.filter((a) => a.status === 'sent').length, jobViewsLast30Days: jobViews });
    }
    if (path === '/api/organizations/7/applications') {
      if (!canAct) return notFound();
      const job = query.get('jobPosting');
      const status = query.get('status');
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('itemsPerPage') ?? 20);
      const matching = state.applicants.filter((a) => (!job || a.jobPosting.id === Number(job)) && (!status || a.status === status));
      const listed = matching.slice((page - 1) * perPage, page * perPage).map(({ candidate, ...rest }) => ({
        ...rest,
        ...(state.ratings[rest.id] ? { rating: state.ratings[rest.id] } : {}),
        candidate: { firstName: candidate.firstName, lastName: candidate.lastName },
      }));
      return jsonResponse(200, { 'hydra:member': listed, 'hydra:totalItems': matching.length });
    }
    // Applications per job and source label, as the server groups them ("Nicht erfasst": none recorded).
    if (path === '/api/organizations/7/application_sources') {
      if (!canAct) return notFound();
      const job = query.get('jobPosting');
      const counts = new Map<string, { jobPosting: number; jobTitle: string; source: string; applications: number }>();
      for (const a of state.applicants.filter((x) => !job || x.jobPosting.id === Number(job))) {
        const source = a.source?.label ?? 'Nicht erfasst';
        const key = `${a.jobPosting.id}|${source}`;
        const row = counts.get(key) ?? { jobPosting: a.jobPosting.id, jobTitle: a.jobPosting.title, source, applications: 0 };
        row.applications += 1;
        counts.set(key, row);
      }
      return jsonResponse(200, { 'hydra:member': [...counts.values()] });
    }
    // The conversation (shared/api/application-messages.ts): the status message as its one entry.
    const thread = /^\/api\/applications\/(\d+)\/messages$/.exec(path);
    if (thread && method === 'GET') {
      const a = state.applicants.find((x) => x.id === Number(thread[1]));
      if (!a) return notFound();
      const messages = a.statusMessage ? [{ id: 1, from: 'provider', body: a.statusMessage, status: a.status, createdAt: a.statusChangedAt }] : [];
      return jsonResponse(200, { application: `/api/applications/${a.id}`, side: 'provider', canWrite: true, notice: null, messages });
    }
    const one = /^\/api\/applications\/(\d+)(\/status)?$/.exec(path);
    if (!one) return null;
    const found = state.applicants.find((a) => a.id === Number(one[1]));
    if (!found) return notFound();
    if (!one[2]) return jsonResponse(200, found);
    if (method !== 'PATCH') return notFound();
    if (statusFails) return jsonResponse(500, { status: 500, message: 'Internal Server Error' });
    const change = body as { status: ApplicantStatus; message?: string };
    const violations = [];
    if (!REVIEW.includes(change.status)) violations.push({ propertyPath: 'status', message: 'Bitte wählen Sie einen Status.' });
    if ((change.message ?? '').length > 2000)
      violations.push({ propertyPath: 'message', message: 'Diese Eingabe ist zu lang. Erlaubt sind höchstens 2000 Zeichen.' });
    if (violations.length) return jsonResponse(422, { status: 422, violations });
    Object.assign(found, { status: change.status, statusMessage: change.message ?? null, statusChangedAt: '2026-11-24T10:00:00Z' });
    const statusMail = {
      state: 'queued',
      message: `Wir benachrichtigen ${found.candidate.firstName} in wenigen Minuten per E-Mail. Ändern Sie den Status bis dahin noch einmal, erhält ${found.candidate.firstName} nur eine E-Mail mit dem neuesten Stand.`,
    };
    return jsonResponse(200, { ...found, statusMail });
  }

  // The saved findings of a job with the same title stand for the server's check (the fake knows no rule).
  const wordingFindings = (texts: { title?: string } | undefined) => state.jobs.find((j) => j.title === texts?.title)?.wordingFindings ?? [];

  const respond = (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    // The editor's live AGG check (a read, whatever its method): no findings here, and not a change
    // the tests count. Its rule is the server's (tests/unit/wording_rules_test.cpp, e2e/job-review).
    if (url.pathname === '/api/job_postings/wording_check') return jsonResponse(200, { wordingFindings: wordingFindings(body) });
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    return answer(method, url.pathname, url.searchParams, body);
  };
  return { respond, calls, state, organization };
}
