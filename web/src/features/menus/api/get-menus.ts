// GET /api/content/menus: the menus of both audiences from the content system. Any failure (the
// content API not deployed, an error, a malformed answer) yields the fixed menu data instead.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { FALLBACK_MENUS } from '../lib/menu-data';
import type { AudienceMenus, FooterColumn, MenuEntry, MenuItem, Menus, SocialLink } from '../lib/types';

export const menuKeys = {
  all: ['menus'] as const,
};

/** A menu entry as GET /api/content/menus sends it (docs/content.md, "Menus"). */
export type ServerTarget =
  | { kind: 'route' | 'page' | 'city'; path?: string; slug?: string; name?: string }
  | { kind: 'link'; href?: string; target?: string }
  | { kind: 'dialog'; dialogUrl?: string };
export type ServerEntry = {
  label?: unknown;
  target?: ServerTarget | null;
  type?: 'link' | 'middle' | 'dialog';
  scheme?: 'yellow' | 'white' | null;
  icon?: string | null;
  children?: ServerEntry[];
};
type ServerColumn = { label?: unknown; children?: ServerEntry[] };

/** The footer draws "Cookie-Einstellungen" itself (a button that reopens the banner). */
const COOKIE_SETTINGS = '?cookieSettings=1';

/** Social links are footer entries with an icon and an external address; the footer draws them in its bottom row. */
const isSocial = (e: MenuEntry): e is MenuEntry & { href: string } => Boolean(e.icon && e.href);

/** One server entry as the app's menu entry (the server already resolved the path). */
export function toMenuEntry(raw: ServerEntry): MenuEntry | null {
  if (typeof raw?.label !== 'string' || raw.label === '') return null;
  const entry: MenuEntry = { text: raw.label, scheme: raw.scheme ?? null };
  if (raw.icon) entry.icon = raw.icon;
  const target = raw.target;
  if (raw.type === 'middle' || !target) return { ...entry, type: 'middle' };
  if (target.kind === 'dialog') return target.dialogUrl ? { ...entry, type: 'dialog', dialogUrl: target.dialogUrl } : null;
  if (target.kind === 'link') return target.href ? { ...entry, href: target.href, target: target.target } : null;
  return typeof target.path === 'string' && target.path.startsWith('/') ? { ...entry, route: target.path } : null;
}

function normaliseItems(raw: unknown): MenuItem[] | null {
  if (!Array.isArray(raw)) return null;
  const items: MenuItem[] = [];
  for (const entry of raw as ServerEntry[]) {
    const main = toMenuEntry(entry);
    if (!main) return null;
    const children = (entry.children ?? []).map(toMenuEntry).filter((c): c is MenuEntry => c !== null);
    // A heading with children is a group: its label is the main entry, not a link.
    items.push({ main: children.length > 0 && main.type === 'middle' ? { text: main.text, scheme: main.scheme } : main, children });
  }
  return items.length > 0 ? items : null;
}

function normaliseFooter(raw: unknown): FooterColumn[] | null {
  if (!Array.isArray(raw)) return null;
  const columns: FooterColumn[] = [];
  for (const column of raw as ServerColumn[]) {
    if (typeof column?.label !== 'string' || !Array.isArray(column.children)) return null;
    const entries = column.children
      .map(toMenuEntry)
      .filter((e): e is MenuEntry => e !== null && e.dialogUrl !== COOKIE_SETTINGS && !isSocial(e));
    if (entries.length > 0) columns.push({ title: column.label, entries });
  }
  return columns.length > 0 ? columns : null;
}

/** The footer's social links in the server's order; null when the footer itself is unusable. */
function normaliseSocial(raw: unknown): SocialLink[] | null {
  if (!Array.isArray(raw)) return null;
  return (raw as ServerColumn[])
    .flatMap((column) => (Array.isArray(column?.children) ? column.children : []))
    .map(toMenuEntry)
    .filter((e): e is MenuEntry & { href: string } => e !== null && isSocial(e))
    .map((e) => ({ label: e.text, href: e.href, icon: e.icon }));
}

function audience(raw: unknown, fallback: AudienceMenus): AudienceMenus {
  const value = (raw ?? {}) as { menu?: unknown; footer?: unknown };
  const footer = normaliseFooter(value.footer);
  return {
    menu: normaliseItems(value.menu) ?? fallback.menu,
    footer: footer ?? fallback.footer,
    // Taken with the footer they belong to: the server's when its footer is usable, else the copy's.
    social: (footer && normaliseSocial(value.footer)) || fallback.social,
  };
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
