// Feature toggles and experiments (site-shell-and-providers.md, sections 4 and 9), from one
// definition and one hash: the server's (actors/content/features.cpp). GET /api/features answers
// every toggle with `enabled` and, for the visitor of the pb_visitor_id cookie, the variant of each
// running experiment (1000 buckets of the visitor id). The web keeps no copy of either: until the
// answer is there a toggle counts as off, and a visitor without an id (no consent yet) gets no
// variant, i.e. the control. A query parameter `toggle_<name>=1|0` overrides one toggle for the
// visit (testing in the browser). `specialOfferJobId` is the one configured special-offer job (absent
// or null: none).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api } from '@/shared/api/client';
import { readCookie } from './cookies';
import { useHydrated } from './hydration';

type FeatureEntry = { name: string; enabled: boolean; variant?: string };
type ExperimentEntry = { name: string; status: string; variant?: string | null };
export type FeaturesAnswer = { features?: FeatureEntry[]; experiments?: ExperimentEntry[]; specialOfferJobId?: number | null };

/** The visitor id is part of the key: after consent sets it, the variants are asked for again. */
export const featureKeys = {
  all: ['features'] as const,
  visitor: (visitorId: string) => [...featureKeys.all, visitorId] as const,
};

export const featuresQueryOptions = (visitorId: string) =>
  queryOptions({
    queryKey: featureKeys.visitor(visitorId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<FeaturesAnswer>('/features', { signal });
      } catch {
        return null;
      }
    },
    staleTime: 4 * 60 * 60 * 1000,
  });

/** The toggles of an answer by name; none without an answer. */
export function featuresFromAnswer(answer: FeaturesAnswer | null | undefined): Record<string, boolean> {
  return Object.fromEntries((answer?.features ?? []).map((f) => [f.name, Boolean(f.enabled)]));
}

/** The visitor's variant of an experiment as the server assigned it, or null (not running, no id). */
export function variantFromAnswer(answer: FeaturesAnswer | null | undefined, experiment: string): string | null {
  return answer?.experiments?.find((e) => e.name === experiment)?.variant ?? null;
}

/** `toggle_<name>=1|true` → on, `0|false` → off, else null. */
export function toggleOverride(params: URLSearchParams, name: string): boolean | null {
  const value = params.get(`toggle_${name}`);
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return null;
}

function useFeaturesAnswer() {
  const answer = useQuery(featuresQueryOptions(readCookie('pb_visitor_id') ?? '')).data;
  // A prerendered page is drawn with every toggle off; hydration draws the same (hydration.ts).
  return useHydrated() ? answer : undefined;
}

export function useFeature(name: string): boolean {
  const [params] = useSearchParams();
  const answer = useFeaturesAnswer();
  return toggleOverride(params, name) ?? featuresFromAnswer(answer)[name] ?? false;
}

export function useVariant(experiment: string): string | null {
  return variantFromAnswer(useFeaturesAnswer(), experiment);
}

/** The special-offer job of an answer: a positive id, else null. */
export function specialOfferFromAnswer(answer: FeaturesAnswer | null | undefined): number | null {
  const id = answer?.specialOfferJobId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

export function useSpecialOfferJobId(): number | null {
  return specialOfferFromAnswer(useFeaturesAnswer());
}
