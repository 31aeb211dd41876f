import { describe, expect, it } from 'vitest';
import { featuresFromAnswer, toggleOverride, variantFromAnswer } from './features';

// The answer as GET /api/features sends it (docs/content.md).
const answer = {
  features: [
    { name: 'job_alerts', enabled: true },
    { name: 'job_application_landingpage_redirect', enabled: true, variant: 'chatgpt' },
    { name: 'public_profile', enabled: false },
    { name: 'rating', enabled: true },
  ],
  experiments: [
    { name: 'job_application_landingpage_redirect', status: 'running', variant: 'chatgpt' },
    { name: 'homepage_hero_search', status: 'draft' },
  ],
};

describe('feature toggles from the server', () => {
  it('reads every toggle of the answer', () => {
    const features = featuresFromAnswer(answer);
    expect(features.job_alerts).toBe(true);
    expect(features.rating).toBe(true);
    expect(features.public_profile).toBe(false);
  });

  it('knows no toggle without an answer (nothing switched on by a copy in the bundle)', () => {
    expect(featuresFromAnswer(null)).toEqual({});
  });

  it("takes the experiment's variant from the server; draft experiments give none", () => {
    expect(variantFromAnswer(answer, 'job_application_landingpage_redirect')).toBe('chatgpt');
    expect(variantFromAnswer(answer, 'homepage_hero_search')).toBeNull();
    expect(variantFromAnswer(null, 'job_application_landingpage_redirect')).toBeNull();
  });

  it('lets toggle_<name> in the query switch one toggle', () => {
    const params = new URLSearchParams('toggle_rating=0&toggle_public_profile=1&toggle_videos=maybe');
    expect(toggleOverride(params, 'rating')).toBe(false);
    expect(toggleOverride(params, 'public_profile')).toBe(true);
    expect(toggleOverride(params, 'videos')).toBeNull();
    expect(toggleOverride(params, 'job_alerts')).toBeNull();
  });
});
