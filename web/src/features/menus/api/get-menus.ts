// GET /api/content/menus: the menus of both audiences from the content system. Any failure (the
// content API not deployed, an error, a malformed answer) yields the fixed menu data instead.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { FALLBACK_MENUS } from '../lib/menu-data';
import type { AudienceMenus, FooterColumn, MenuItem, Menus } from '../lib/types';

export const menuKeys = {
  all: ['menus'] as const,
};

type RawItem = Partial<MenuItem> & { main_entry?: MenuItem['main']; child_items?: MenuItem['children'] };

function normaliseItems(raw: unknown): MenuItem[] | null {
  if (!Array.isArray(raw)) return null;
  const items: MenuItem[] = [];
  for (const entry of raw as RawItem[]) {
    const main = entry.main ?? entry.main_entry;
    if (!main || typeof main.text !== 'string') return null;
    items.push({ internal_title: entry.internal_title, main, children: entry.children ?? entry.child_items ?? [] });
  }
  return items.length > 0 ? items : null;
}

function normaliseFooter(raw: unknown): FooterColumn[] | null {
  if (!Array.isArray(raw)) return null;
  const columns = raw.filter(
    (column): column is FooterColumn =>
      typeof column === 'object' && column !== null && Array.isArray((column as FooterColumn).entries),
  );
  return columns.length > 0 ? columns : null;
}

function audience(raw: unknown, fallback: AudienceMenus): AudienceMenus {
  const value = (raw ?? {}) as { menu?: unknown; footer?: unknown };
  return { menu: normaliseItems(value.menu) ?? fallback.menu, footer: normaliseFooter(value.footer) ?? fallback.footer };
}

export async function getMenus(signal?: AbortSignal): Promise<Menus> {
  try {
    const raw = await api.get<Partial<Record<keyof Menus, unknown>>>('/content/menus', { signal });
    return {
      candidate: audience(raw?.candidate, FALLBACK_MENUS.candidate),
      organization: audience(raw?.organization, FALLBACK_MENUS.organization),
    };
  } catch {
    return FALLBACK_MENUS;
  }
}

export const menusQueryOptions = () =>
  queryOptions({
    queryKey: menuKeys.all,
    queryFn: ({ signal }) => getMenus(signal),
    staleTime: 4 * 60 * 60 * 1000, // the spec's content cache: 4 h
  });

export function useMenus(): Menus {
  return useQuery(menusQueryOptions()).data ?? FALLBACK_MENUS;
}
