import { describe, expect, it } from 'vitest';
import { assignVariant, bucket, DEFAULT_FEATURES, featuresFromAnswer, type Experiment } from './features';

const running: Experiment = { key: 'hero', status: 'running', variants: [{ key: 'a', weight: 50 }, { key: 'b', weight: 50 }] };

describe('feature toggles', () => {
  it('uses the spec defaults without an answer', () => {
    expect(featuresFromAnswer(null)).toEqual(DEFAULT_FEATURES);
    expect(featuresFromAnswer(null).job_alerts).toBe(true);
    expect(featuresFromAnswer(null).public_profile).toBe(false);
  });

  it('takes the API list as the enabled set', () => {
    const features = featuresFromAnswer({ features: ['public_profile', { key: 'rating', enabled: false }] });
    expect(features.public_profile).toBe(true);
    expect(features.rating).toBe(false);
    expect(features.job_alerts).toBe(false);
  });

  it("reads the server's answer as GET /api/features sends it", () => {
    const features = featuresFromAnswer({
      features: [
        { name: 'job_alerts', enabled: true },
        { name: 'job_application_landingpage_redirect', enabled: true, variant: 'chatgpt' } as never,
        { name: 'public_profile', enabled: false },
      ],
      experiments: [],
    });
    expect(features.job_alerts).toBe(true);
    expect(features.job_application_landingpage_redirect).toBe(true);
    expect(features.public_profile).toBe(false);
  });
});

describe('experiments', () => {
  it('give no variant unless running', () => {
    for (const status of ['draft', 'inactive', 'stopped'] as const) expect(assignVariant({ ...running, status }, 'abc')).toBeNull();
  });

  it('assign a stable variant per visitor, spread by the weights', () => {
    expect(assignVariant(running, 'visitor-1')).toBe(assignVariant(running, 'visitor-1'));
    const counts = { a: 0, b: 0 } as Record<string, number>;
    for (let i = 0; i < 2000; i++) counts[assignVariant(running, `v${i}`)!]! += 1;
    expect(counts.a).toBeGreaterThan(800);
    expect(counts.b).toBeGreaterThan(800);
    expect(assignVariant({ ...running, variants: [{ key: 'only', weight: 1 }] }, 'x')).toBe('only');
  });

  it('hashes into 1000 buckets', () => {
    for (let i = 0; i < 100; i++) {
      const b = bucket('k', `id${i}`);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(b).toBeLessThan(1000);
    }
  });
});
