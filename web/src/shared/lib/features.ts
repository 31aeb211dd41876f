// Feature toggles and experiments (site-shell-and-providers.md, sections 4 and 9).
// * Toggles: the spec's defaults, replaced by GET /api/features when it answers, and overridable
//   per visit by a query parameter `toggle_<name>=1|0` (for testing a toggle in the browser).
// * Experiments: draft, inactive and stopped experiments give no variant; a running one assigns
//   a variant by hashing the visitor id into 1000 buckets, weighted by the variants' shares.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '@/shared/api/client';

export const DEFAULT_FEATURES: Readonly<Record<string, boolean>> = {
  job_application_landingpage_redirect: true,
  job_posting_chatgpt_meta_data: true,
  job_alerts: true,
  organization_question_dialog_in_listing: true,
  rating: true,
  videos: true,
  new_job_model_fields: true,
  extras_navigation: false,
  profile_skills: false,
  public_profile: false,
  send_jobs_via_email: false,
};

export type Experiment = {
  key: string;
  status: 'draft' | 'inactive' | 'running' | 'stopped';
  variants: { key: string; weight: number }[];
};

// GET /api/features (docs/content.md) answers `{features: [{name, enabled, variant?}], experiments}`;
// a plain list of enabled names, or `key` for `name`, is read too.
type FeatureEntry = string | { name?: string; key?: string; enabled: boolean };
type FeaturesAnswer = { features?: FeatureEntry[]; experiments?: unknown[] };

export const featureKeys = { all: ['features'] as const };

export const HASH_BUCKETS = 1000;

/** FNV-1a of `experiment:visitor`, into 0..999. */
export function bucket(experimentKey: string, visitorId: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${experimentKey}:${visitorId}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % HASH_BUCKETS;
}

export function assignVariant(experiment: Experiment, visitorId: string): string | null {
  if (experiment.status !== 'running') return null;
  const total = experiment.variants.reduce((sum, v) => sum + Math.max(0, v.weight), 0);
  if (total <= 0) return null;
  const point = (bucket(experiment.key, visitorId) / HASH_BUCKETS) * total;
  let edge = 0;
  for (const variant of experiment.variants) {
    edge += Math.max(0, variant.weight);
    if (point < edge) return variant.key;
  }
  return null;
}

/** The toggles from the API answer: a list of enabled names, or objects with `enabled`. */
export function featuresFromAnswer(answer: FeaturesAnswer | null): Record<string, boolean> {
  if (!answer?.features) return { ...DEFAULT_FEATURES };
  const result: Record<string, boolean> = Object.fromEntries(Object.keys(DEFAULT_FEATURES).map((k) => [k, false]));
  for (const feature of answer.features) {
    if (typeof feature === 'string') result[feature] = true;
    else if (feature) {
      const name = feature.name ?? feature.key;
      if (typeof name === 'string') result[name] = Boolean(feature.enabled);
    }
  }
  return result;
}

export function useFeature(name: string): boolean {
  const [params] = useSearchParams();
  const answer = useQuery({
    queryKey: featureKeys.all,
    queryFn: async ({ signal }) => {
      try {
        return await api.get<FeaturesAnswer>('/features', { signal });
      } catch {
        return null;
      }
    },
    staleTime: 4 * 60 * 60 * 1000,
  });
  const override = params.get(`toggle_${name}`);
  if (override === '1' || override === 'true') return true;
  if (override === '0' || override === 'false') return false;
  return featuresFromAnswer(answer.data ?? null)[name] ?? false;
}
