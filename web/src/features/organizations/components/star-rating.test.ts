import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { RATING_MESSAGES, ratingFailure } from './star-rating';

describe('ratingFailure', () => {
  it('words the refusals as the spec does', () => {
    expect(ratingFailure(new ApiError(403, undefined))).toBe(RATING_MESSAGES.conditions);
    expect(ratingFailure(new ApiError(409, undefined))).toBe('Du hast dieses Unternehmen bereits bewertet.');
    expect(ratingFailure(new ApiError(422, { violations: [{ propertyPath: 'stars', message: 'Zu viele Sterne' }] }))).toBe('Zu viele Sterne');
    expect(ratingFailure(new TypeError('offline'))).toBe(RATING_MESSAGES.generic);
  });
});
