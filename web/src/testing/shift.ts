// A shift (shared/api/shifts.ts) as the server answers it, for the tests of the candidate's and the
// portal's shift pages: 10:00–18:00 Berlin time on `date` (5 December 2026 unless given), two places
// with one taken, no place, pay or note, unless `fields` say otherwise; each test names only what
// its shift has of its own. `testMyShift` is one of the candidate's own list (/meine-einsaetze):
// with the candidate's choice (confirmed unless given) and the job.
import type { MyShift, Shift } from '@/shared/api/shifts';

export const testShift = (fields: Partial<Shift> = {}): Shift => {
  const date = fields.date ?? '2026-12-05';
  return {
    id: 1,
    jobPosting: '/api/job_postings/1',
    date,
    start: '10:00',
    end: '18:00',
    endsNextDay: false,
    startsAt: `${date}T09:00:00Z`,
    endsAt: `${date}T17:00:00Z`,
    placeId: null,
    place: null,
    staffNeeded: 2,
    confirmed: 1,
    freePlaces: 1,
    baseSalary: null,
    note: '',
    cancelledAt: null,
    ...fields,
  };
};

export const testMyShift = (fields: Partial<MyShift> = {}): MyShift => ({
  ...testShift(fields),
  shiftApplication: { id: (fields.id ?? 1) * 10, status: 'confirmed' },
  job: { id: 1, slug: 'promoter', title: 'Promoter', organizationName: 'Agentur Nord' },
  ...fields,
});
