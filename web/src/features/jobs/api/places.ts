// Place search (docs/catalogue.md, "Places"): suggestions for a typed name (towns in Germany,
// Austria and Switzerland, German names), the town nearest to a position, and keys.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export type Place = {
  id: number;
  name: string;
  label: string;
  type: string;
  state?: string;
  country: string;
  lat: number;
  lon: number;
  slug?: string;
};

export const placeKeys = {
  all: ['places'] as const,
  autocomplete: (text: string) => [...placeKeys.all, 'autocomplete', text] as const,
};

export const autocompleteQueryOptions = (text: string) =>
  queryOptions({
    queryKey: placeKeys.autocomplete(text),
    queryFn: ({ signal }) =>
      api
        .get<{ 'hydra:member': Place[] }>('/places/autocomplete', {
          query: { text, type: 'city', countries: 'de,at,ch', language: 'de', limit: 8 },
          signal,
        })
        .then((answer) => answer['hydra:member']),
    staleTime: 60 * 60 * 1000,
  });

export const reversePlace = (lat: number, lon: number) => api.get<Place>('/places/reverse', { query: { lat, lon } });
