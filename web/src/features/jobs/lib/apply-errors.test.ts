import { describe, expect, it } from 'vitest';
import { ApiError, TimeoutError } from '@/shared/api/client';
import { APPLY_MESSAGES, applyFailure } from './apply-errors';

describe('applyFailure', () => {
  it('gives every refusal of the spec its German message, also without a body', () => {
    expect(applyFailure(new ApiError(409, undefined))).toEqual({ kind: 'alreadyApplied', message: 'Du hast dich bereits auf diesen Job beworben.' });
    expect(applyFailure(new ApiError(429, undefined)).message).toBe(APPLY_MESSAGES.tooMany);
    expect(applyFailure(new ApiError(410, undefined)).message).toBe('Dieser Job ist leider nicht mehr aktiv.');
    expect(applyFailure(new ApiError(403, undefined)).message).toBe('Bitte bestätige zuerst deine E-Mail-Adresse, bevor du dich bewirbst.');
  });

  it('tells the incomplete profile from a wrong location by the violated field', () => {
    const incomplete = new ApiError(422, { violations: [{ propertyPath: 'hasRelevantDataForApplication', message: 'Deine Profildaten sind unvollständig.' }] });
    expect(applyFailure(incomplete)).toEqual({ kind: 'incomplete', message: 'Deine Profildaten sind unvollständig.' });
    const location = new ApiError(422, { violations: [{ propertyPath: 'locations', message: '' }] });
    expect(applyFailure(location)).toEqual({ kind: 'location', message: 'Der gewählte Einsatzort gehört nicht zu diesem Job.' });
  });

  it('shows the server text of a refused shift and asks for the birth date (working time, docs/fair-play.md)', () => {
    const minor = 'Du bist unter 18, deshalb gilt das Jugendarbeitsschutzgesetz: Du darfst nur zwischen 6 und 20 Uhr arbeiten (§ 14 JArbSchG).';
    expect(applyFailure(new ApiError(422, { violations: [{ propertyPath: 'shifts', message: minor }] }))).toEqual({ kind: 'shifts', message: minor });
    expect(applyFailure(new ApiError(422, { violations: [{ propertyPath: 'birthDate', message: '' }] }))).toEqual({
      kind: 'birthDate',
      message: APPLY_MESSAGES.birthDate,
    });
  });

  it('prefers the server text and falls back for network trouble', () => {
    expect(applyFailure(new ApiError(409, { message: 'Schon beworben.' })).message).toBe('Schon beworben.');
    expect(applyFailure(new TimeoutError(10000)).kind).toBe('generic');
    expect(applyFailure(new ApiError(500, undefined)).message).toBe(APPLY_MESSAGES.generic);
  });
});
