import { act, render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, readConsentCookie, validConsent } from '@/shared/lib/consent';
import { consentStore } from '../lib/consent-store';
import { acceptEarlyBannerClicks } from '../lib/early-banner-clicks';
import { CookieBanner, STATIC_BANNER_ID } from './cookie-banner';

function serverCopy(): HTMLElement {
  const copy = document.createElement('div');
  copy.id = STATIC_BANNER_ID;
  copy.textContent = 'Cookies und Datenschutz';
  document.body.appendChild(copy);
  return copy;
}

describe('cookie banner and its copy in the HTML', () => {
  afterEach(() => {
    document.getElementById(STATIC_BANNER_ID)?.remove();
    document.cookie = `${CONSENT_COOKIE}=; max-age=0; path=/`;
    consentStore.reset();
  });

  it('draws the open banner for the build whatever the visitor chose', () => {
    consentStore.choose('required');
    const html = renderToStaticMarkup(<MemoryRouter><CookieBanner drawn /></MemoryRouter>);
    expect(html).toContain('Cookies und Datenschutz');
    expect(html).toContain('Nur notwendige');
  });

  it('replaces the server copy with its own banner on a first visit', () => {
    serverCopy();
    render(<MemoryRouter><CookieBanner /></MemoryRouter>);
    expect(document.getElementById(STATIC_BANNER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { name: 'Cookies und Datenschutz' })).toHaveLength(1);
    act(() => screen.getByRole('button', { name: 'Nur notwendige' }).click());
    expect(screen.queryByRole('heading', { name: 'Cookies und Datenschutz' })).toBeNull();
  });

  it('removes the server copy when the visitor has chosen already', () => {
    consentStore.choose('all');
    serverCopy();
    render(<MemoryRouter><CookieBanner /></MemoryRouter>);
    expect(document.getElementById(STATIC_BANNER_ID)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Cookies und Datenschutz' })).toBeNull();
  });

  it('takes a click on the server copy before React has started as the choice', () => {
    // The build's drawing, as the server sends it: buttons without handlers.
    const copy = document.createElement('div');
    copy.id = STATIC_BANNER_ID;
    copy.innerHTML = renderToStaticMarkup(<MemoryRouter><CookieBanner drawn /></MemoryRouter>);
    document.body.appendChild(copy);
    const doc = document.implementation.createHTMLDocument('');
    acceptEarlyBannerClicks(doc);   // a document of its own, so the listener ends with the test
    doc.body.appendChild(doc.adoptNode(copy));
    (doc.querySelector('[data-consent-choice="required"]') as HTMLButtonElement).click();

    expect(validConsent(readConsentCookie(), Date.now())?.choice).toBe('required');
    expect(doc.getElementById(STATIC_BANNER_ID)).toBeNull();
    render(<MemoryRouter><CookieBanner /></MemoryRouter>);
    expect(screen.queryByRole('heading', { name: 'Cookies und Datenschutz' })).toBeNull();
  });

  it('says "du" to candidates and "Sie" on the providers\' pages, also in the build\'s drawing', () => {
    render(<MemoryRouter initialEntries={['/recruiting/wiki']}><CookieBanner /></MemoryRouter>);
    expect(screen.getByText(/Mit Ihrer Zustimmung nutzen wir/).textContent).toContain('Sie können Ihre Wahl');
    expect(screen.queryByText(/deine|Du kannst/)).toBeNull();
    const candidate = renderToStaticMarkup(<MemoryRouter><CookieBanner drawn audience="candidate" /></MemoryRouter>);
    const provider = renderToStaticMarkup(<MemoryRouter><CookieBanner drawn audience="organization" /></MemoryRouter>);
    expect(candidate).toContain('Du kannst deine Wahl');
    expect(provider).toContain('Sie können Ihre Wahl');
    expect(provider).not.toMatch(/\b(du|deine?)\b/i);
  });
});
