// The footer's social links come from the menus the server sends (GET /api/content/menus, the
// "Community" column's entries with an icon), in the server's order; without an answer the
// built-in copy of the same links is drawn.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import server from '@/features/menus/api/__fixtures__/server-menus.json';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

function socialLinks() {
  const list = within(screen.getByRole('contentinfo')).getByRole('list', { name: 'Jobhafen in sozialen Netzwerken' });
  return within(list)
    .getAllByRole('link')
    .map((a) => [a.textContent?.replace(' (öffnet in neuem Tab)', ''), a.getAttribute('href')]);
}

/** The shipped answer with the Instagram entry moved to another address, so the test sees the data is used. */
function menusWithMovedInstagram() {
  const answer = structuredClone(server) as typeof server;
  for (const column of answer.candidate.footer)
    for (const entry of column.children as { label: string; target?: { href?: string } }[])
      if (entry.label === 'Instagram' && entry.target) entry.target.href = 'https://www.instagram.com/jobhafen_neu';
  return answer;
}

describe('footer social links', () => {
  it('draws the social entries of the server menus, in their order, opening in a new tab', async () => {
    renderApp('/', (path) => (path === '/api/content/menus' ? jsonResponse(200, menusWithMovedInstagram()) : jsonResponse(404, {})));
    await waitFor(() => expect(socialLinks()[0]).toEqual(['Instagram', 'https://www.instagram.com/jobhafen_neu']));
    expect(socialLinks().map(([label]) => label)).toEqual(['Instagram', 'Facebook', 'LinkedIn', 'TikTok', 'Google Maps']);
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: /^Facebook/ }).getAttribute('target')).toBe('_blank');
    // Drawn once, in the bottom row, not again as a column entry.
    expect(footer.getAllByRole('link', { name: /^Instagram/ })).toHaveLength(1);
    expect(footer.getByRole('link', { name: /^Forum/ }).getAttribute('href')).toBe('https://forum.jobhafen.de');
  });

  it('draws the built-in links when the menus cannot be loaded', async () => {
    renderApp('/', () => jsonResponse(500, {}));
    await waitFor(() => expect(socialLinks()).toContainEqual(['Instagram', 'https://www.instagram.com/jobhafen']));
    expect(socialLinks()).toHaveLength(5);
  });

  it('the organization footer has none when its menus carry none', async () => {
    renderApp('/recruiting', (path) => (path === '/api/content/menus' ? jsonResponse(200, server) : jsonResponse(404, {})));
    await waitFor(() => expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Impressum' })).toBeTruthy());
    expect(within(screen.getByRole('contentinfo')).queryByRole('list', { name: 'Jobhafen in sozialen Netzwerken' })).toBeNull();
  });
});
