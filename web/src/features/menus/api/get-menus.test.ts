// The menus normaliser against the server's exact answer of GET /api/content/menus (saved from
// `jobhafen serve` in __fixtures__/server-menus.json): the server's menus are used, not the
// built-in copy, and every entry leads where the server says.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/render-app';
import { FALLBACK_MENUS } from '../lib/menu-data';
import { resolveTarget } from '../lib/resolve-target';
import server from './__fixtures__/server-menus.json';
import { getMenus } from './get-menus';

afterEach(() => vi.unstubAllGlobals());

async function menusFrom(body: unknown, status = 200) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(status, body))));
  return getMenus();
}

describe('getMenus with the server answer', () => {
  it('takes the server menus of both audiences, not the fallback', async () => {
    const menus = await menusFrom(server);
    expect(menus.candidate.menu).not.toBe(FALLBACK_MENUS.candidate.menu);
    expect(menus.candidate.menu.map((i) => i.main.text)).toEqual(server.candidate.menu.map((e) => e.label));
    expect(menus.organization.menu.map((i) => i.main.text)).toEqual(server.organization.menu.map((e) => e.label));
    expect(menus.candidate.footer.map((c) => c.title)).toEqual(server.candidate.footer.map((c) => c.label));
  });

  it('resolves page, city, link and dialog targets to the server paths', async () => {
    const menus = await menusFrom(server);
    const all = menus.candidate.menu.flatMap((i) => [i.main, ...(i.children ?? [])]);
    const promotion = all.find((e) => e.text === 'Promotionjobs')!;
    expect(resolveTarget(promotion)).toEqual({ kind: 'route', to: '/promotionjobs' });
    const berlin = all.find((e) => e.text === 'Berlin')!;
    expect(resolveTarget(berlin)).toEqual({ kind: 'route', to: '/jobs-stadt/berlin' });
    const org = menus.organization.menu.flatMap((i) => [i.main, ...(i.children ?? [])]);
    expect(resolveTarget(org.find((e) => e.text === 'Stellenanzeigen-Pakete')!, 'organization')).toEqual({ kind: 'route', to: '/recruiting/stellenanzeigen-pakete' });
    expect(org.find((e) => e.text === 'Produkte')!.type).toBe('middle');
    const forum = menus.candidate.footer.flatMap((c) => c.entries).find((e) => e.text === 'Forum')!;
    expect(resolveTarget(forum)).toEqual({ kind: 'external', href: 'https://forum.jobhafen.de', target: '_blank' });
  });

  it('leaves out what the footer draws itself: cookie settings and the social icons', async () => {
    const menus = await menusFrom(server);
    const entries = menus.candidate.footer.flatMap((c) => c.entries);
    expect(entries.some((e) => e.dialogUrl === '?cookieSettings=1')).toBe(false);
    expect(entries.some((e) => e.text === 'Instagram')).toBe(false);
  });

  it("takes the footer's social links (entries with an icon and an address) in the server's order", async () => {
    const menus = await menusFrom(server);
    const expected = server.candidate.footer
      .flatMap((c) => c.children as { label: string; icon?: string | null; target?: { href?: string } }[])
      .filter((e) => e.icon && e.target?.href)
      .map((e) => ({ label: e.label, href: e.target!.href, icon: e.icon }));
    expect(expected).toHaveLength(5);
    expect(menus.candidate.social).toEqual(expected);
  });

  it('falls back to the built-in menus on a failure or a malformed answer', async () => {
    expect(await menusFrom({}, 500)).toEqual(FALLBACK_MENUS);
    expect((await menusFrom({ candidate: { menu: [{ nope: 1 }] } })).candidate.menu).toBe(FALLBACK_MENUS.candidate.menu);
  });
});
