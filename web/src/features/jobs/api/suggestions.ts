// What "Was?" suggests as one types (GET /api/search_suggestions, docs/search.md): activities and
// the words live job titles use most, matched by the start of any of their words.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type SearchSuggestion = { kind: 'activity' | 'word'; name: string; slug?: string; jobs: number };

/** The server refuses longer texts; a longer one is cut before it is sent. */
export const SUGGESTION_MAX_CHARS = 50;

export const suggestionKeys = {
  all: ['search-suggestions'] as const,
  text: (text: string) => [...suggestionKeys.all, text] as const,
};

export const suggestionQueryOptions = (text: string) =>
  queryOptions({
    queryKey: suggestionKeys.text(text),
    queryFn: ({ signal }) =>
      api
        .get<{ 'hydra:member': SearchSuggestion[] }>('/search_suggestions', { query: { text: text.slice(0, SUGGESTION_MAX_CHARS) }, signal })
        .then((answer) => answer['hydra:member']),
    staleTime: 5 * 60 * 1000,
  });
