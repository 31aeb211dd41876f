// Every section type of the shipped content (workers/seed/content) drawn by its component, with
// the content's real shapes: the fields a visitor must see (titles, prices, questions, quotes,
// links) are on the page, collections are read from the same seed files, and an unknown type is
// left out with a warning.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries } from '@/testing/render-app';
import type { Section } from '../../api/content';
import { messages } from '@/shared/validation';
import { ContentSections, SECTION_COMPONENTS } from '../content-sections';

type Item = { [field: string]: unknown; slug?: string; sections?: Section[] };
const files = import.meta.glob<{ collection: string; items: Item[] }>('../../../../../../workers/seed/content/*.json', { eager: true, import: 'default' });
const seed: Record<string, Item[]> = {};
for (const { collection, items } of Object.values(files)) seed[collection] = [...(seed[collection] ?? []), ...items];
const pages = seed.pages ?? [];
const page = (slug: string) => pages.find((p) => p.slug === slug)!;
const sectionOf = (slug: string, type: string) => page(slug).sections!.find((s) => s.__component === type)!;

/** The content API over the seed files: lists with equality filters on slug, scope and category. */
function contentApi(input: string, init?: RequestInit): Response {
  const url = new URL(input, 'http://localhost');
  if (init?.method === 'POST') return jsonResponse(201, { message: 'ok' });
  const collection = /^\/api\/content\/([a-z-]+)$/.exec(url.pathname)?.[1];
  if (!collection || !seed[collection]) return jsonResponse(404, {});
  let items: Item[] = seed[collection].map((item, i) => ({ id: i + 1, ...item }));
  for (const [key, value] of url.searchParams) {
    if (key === 'slug') items = items.filter((i) => i.slug === value);
    if (key === 'scope') items = items.filter((i) => i.scope === value || i.scope === 'both');
    if (key === 'category') items = items.filter((i) => ((i.article_category ?? i.event_category) as { slug?: string } | undefined)?.slug === value);
  }
  return jsonResponse(200, { data: items.slice(0, Number(url.searchParams.get('pageSize') ?? 20)), meta: { page: 1, pageSize: 20, total: items.length } });
}

function draw(sections: Section[], audience: 'candidate' | 'organization' = 'candidate') {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(contentApi(String(input), init)));
  vi.stubGlobal('fetch', fetchMock);
  renderWithQueries(
    <MemoryRouter>
      <ContentSections sections={sections} firstHeadingLevel={1} audience={audience} />
    </MemoryRouter>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('content sections with the shipped content', () => {
  it('has a component for every section type the shipped pages use (job and organization types come from the app)', () => {
    const used = new Set(pages.flatMap((p) => (p.sections ?? []).map((s) => s.__component)));
    const drawnByApp = ['job-box-with-tabs', 'job-box-without-tabs', 'job-listing-with-filter', 'organization-listing', 'organization-top-list'];
    const missing = [...used].filter((t) => !SECTION_COMPONENTS[t] && !drawnByApp.includes(t));
    expect(missing).toEqual([]);
  });

  it('homepage hero: title as h1, subline, both buttons, the image through /_ipx with every breakpoint', () => {
    const hero = sectionOf('home', 'homepage-hero');
    draw([hero]);
    expect(screen.getByRole('heading', { level: 1, name: 'Jobs, die zu deinem Leben passen' })).toBeTruthy();
    expect(screen.getByText('Über 60 Tätigkeiten in ganz Deutschland, Österreich und der Schweiz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jobs finden' }).getAttribute('href')).toBe('/jobs');
    expect(screen.getByRole('link', { name: 'Kostenlos registrieren' }).getAttribute('href')).toBe('/?registration=1');
    const image = document.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/_ipx/w_1024,f_webp/content-images/home-hero.png');
    for (const w of [320, 640, 768, 1024, 1280, 1536]) expect(image.getAttribute('srcset')).toContain(`/_ipx/w_${w},f_webp/content-images/home-hero.png ${w}w`);
    expect(image.getAttribute('width')).toBe('1536');
    expect(image.getAttribute('height')).toBe('768');
    expect(image.getAttribute('loading')).toBe('eager');
  });

  it('pricing tables: every plan with name, price, unit, features and button', () => {
    const section = sectionOf('stellenanzeigen-pakete', 'pricing-tables');
    draw([section], 'organization');
    const plans = section.plans as { name: string; price: string; unit: string; features: string[]; button: { text: string } }[];
    expect(plans.length).toBeGreaterThan(1);
    for (const plan of plans) {
      const card = document.querySelector(`[data-plan="${plan.name}"]`) as HTMLElement;
      expect(within(card).getByText(plan.price)).toBeTruthy();
      expect(within(card).getByText(plan.unit)).toBeTruthy();
      for (const feature of plan.features) expect(within(card).getByText(feature)).toBeTruthy();
      expect(within(card).getByRole('link', { name: plan.button.text })).toBeTruthy();
    }
  });

  it('faqs: each question is a disclosure that opens its answer', () => {
    const section = sectionOf('landingpages-promotionjobs', 'faqs');
    draw([section]);
    const faqs = section.faqs as { question: string; answer: string }[];
    for (const faq of faqs) {
      const summary = screen.getByText(faq.question);
      expect(summary.tagName).toBe('SUMMARY');
      expect((summary.parentElement as HTMLDetailsElement).open).toBe(false);
    }
    expect(screen.getByText(faqs[0]!.answer)).toBeTruthy();
  });

  it('testimonial cards and listing: quote, name, role and stars', () => {
    for (const [slug, type] of [['home', 'testimonial-cards'], ['promoter-erfahrungen', 'testimonial-listing']] as const) {
      const section = sectionOf(slug, type);
      draw([section]);
      for (const t of section.testimonials as { name: string; role: string; quote: string; rating: number }[]) {
        expect(screen.getByText(t.quote)).toBeTruthy();
        expect(screen.getAllByText(t.name).length).toBeGreaterThan(0);
        expect(screen.getAllByText(t.role).length).toBeGreaterThan(0);
      }
      expect(screen.getAllByLabelText('5 von 5 Sternen').length).toBeGreaterThan(0);
      document.body.innerHTML = '';
    }
  });

  it('headline with icons, numbers and cards: every item', () => {
    const icons = sectionOf('recruiting', 'headline-with-text-icons');
    const numbers = sectionOf('job-inserieren', 'headline-with-text-numbers');
    const cards = sectionOf('loesungen', 'headline-with-text-cards');
    draw([icons, numbers, cards], 'organization');
    for (const item of icons.items as { title: string }[]) expect(screen.getByRole('heading', { name: item.title })).toBeTruthy();
    for (const n of numbers.numbers as { label: string }[]) expect(screen.getByText(n.label)).toBeTruthy();
    for (const card of cards.cards as { title: string; button: { btn_route: string } }[]) {
      expect(screen.getByRole('heading', { name: card.title })).toBeTruthy();
    }
    expect(screen.getAllByRole('link', { name: 'Mehr erfahren' }).map((a) => a.getAttribute('href'))).toContain('/recruiting/stellenanzeigen-pakete');
  });

  it('sections keep their anchor as id (#vorteile)', () => {
    const vorteile = page('warum-jobhafen').sections!.find((s) => s.anchor === 'vorteile')!;
    draw([vorteile], 'organization');
    expect(document.getElementById('vorteile')).not.toBeNull();
  });

  it('error with code, link sheet, registration button and search buttons', () => {
    const error = page('error-organization').sections!;
    draw([...error.filter((s) => s.__component !== 'job-box-without-tabs'), sectionOf('recruiting', 'registration-button'), sectionOf('home', 'homepage-search-buttons')], 'organization');
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText('Die angeforderte Seite wurde nicht gefunden.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'HR-Wissen' }).getAttribute('href')).toBe('/recruiting/hr-wissen');
    expect(screen.getAllByRole('link', { name: 'Jetzt Job inserieren' }).length).toBe(1);
    expect(screen.getByRole('link', { name: 'Messejobs' }).getAttribute('href')).toBe('/messejobs');
  });

  it('homepage cards: the registration, job-list and profile cards', () => {
    const section = sectionOf('home', 'homepage-cards');
    draw([section]);
    expect(screen.getByRole('heading', { name: 'Jetzt registrieren' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Alle Jobs ansehen' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dein Profil' })).toBeTruthy();
  });

  it('activity carousel and city sheet: links from the collections, in the content order', async () => {
    draw([sectionOf('home', 'activity-carousel'), sectionOf('landingpages-cities', 'city-sheet')]);
    const promotion = await screen.findByRole('link', { name: (seed.activities!.find((a) => a.slug === 'promotion')!.name as string) });
    expect(promotion.getAttribute('href')).toBe('/jobs-taetigkeit/promotion');
    const cities = seed.cities!;
    expect((await screen.findByRole('link', { name: cities[0]!.name as string })).getAttribute('href')).toBe(`/jobs-stadt/${cities[0]!.slug}`);
  });

  it('article listing: the articles of the scope, a category filter narrows them by category=', async () => {
    const fetchMock = draw([sectionOf('articles', 'article-listing-with-filter')]);
    const first = seed.articles!.find((a) => a.scope === 'candidate')!;
    await screen.findByRole('link', { name: first.title as string });
    const category = seed['article-categories']!.find((c) => c.scope === 'candidate')!;
    fireEvent.click(await screen.findByRole('button', { name: category.name as string }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes(`category=${category.slug}`))).toBe(true));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('article_category.slug'))).toBe(false);
  });

  it('event and wiki listings link to their entries', async () => {
    draw([sectionOf('events', 'event-listing'), sectionOf('wikis', 'wiki-listing')]);
    const event = seed.events![0]!;
    const link = await screen.findByRole('link', { name: event.title as string });
    expect(link.getAttribute('href')).toBe(`/messen-events/${(event.event_category as { slug: string }).slug}/${event.slug}`);
    const wiki = seed.wikis!.filter((w) => w.scope !== 'organization')[0]!;
    expect((await screen.findByRole('link', { name: wiki.title as string })).getAttribute('href')).toBe(`/wiki/${wiki.slug}`);
  });

  it('seo content: the named SEO text with its title', async () => {
    draw([sectionOf('home', 'seo-content')]);
    const seo = seed['seo-contents']!.find((s) => s.slug === 'nebenjobs-finden')!;
    expect(await screen.findByRole('heading', { name: seo.title as string })).toBeTruthy();
  });

  it('homepage job cards: the cards of their collection', async () => {
    draw([sectionOf('home', 'homepage-job-cards')]);
    for (const card of seed['homepage-job-cards']!) expect(await screen.findByRole('heading', { name: card.title as string })).toBeTruthy();
  });

  it('YouTube: nothing from the video host before the click, a privacy note, then the player', () => {
    draw([{ __component: 'headline-with-text-youtube-video', title: 'So funktioniert Jobhafen', content: 'Ein kurzer Film.', youtube_id: 'dQw4w9WgXcQ' }]);
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('[src*="youtube"], [href*="youtube"]')).toBeNull();
    expect(screen.getByText(/an\s+YouTube übertragen/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Video abspielen' }));
    expect(document.querySelector('iframe')!.getAttribute('src')).toContain('youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });

  it('headline with image: text, button and the image beside it', () => {
    draw([{ __component: 'headline-with-text-image', title: 'Dein Profil', content: 'Mit Fotos.', image: '/content-images/article.png', image_position: 'left', button: { text: 'Profil anlegen', btn_route: '?registration=1' } }]);
    expect(screen.getByText('Mit Fotos.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Profil anlegen' })).toBeTruthy();
    expect(document.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  it('breadcrumbs, divider, sign-in CTA', () => {
    draw([
      { __component: 'breadcrumbs', items: [{ text: 'Startseite', to: '/' }, { text: 'Tipps', to: '/tipps-faq' }, { text: 'Bewerbung' }] },
      { __component: 'divider' },
      { __component: 'sign-in-cta-with-icon', title: 'Schon registriert?', subline: 'Melde dich an.', icon: 'mdi-star', button: { text: 'Anmelden', btn_route: '?login=1' } },
    ]);
    expect(screen.getByRole('navigation', { name: 'Brotkrümelnavigation' })).toBeTruthy();
    expect(screen.getByText('Bewerbung').getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('hr')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/?login=1');
  });

  it('marketing form 17: sends name, company, e-mail to /api/forms/17 and thanks', async () => {
    const fetchMock = draw([sectionOf('stellenanzeigen-pakete', 'marketing-forms')], 'organization');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Eva Muster' } });
    fireEvent.change(screen.getByLabelText('Unternehmen'), { target: { value: 'Muster GmbH' } });
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'eva@example.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preisliste anfordern' }));
    expect(await screen.findByText(/Preisliste in Kürze per E-Mail/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(String(url)).toBe('/api/forms/17');
    expect(JSON.parse(String(init!.body))).toEqual({ name: 'Eva Muster', company: 'Muster GmbH', email: 'eva@example.de' });
  });

  it('marketing form: the server’s German message appears at its field', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(jsonResponse(422, { violations: [{ propertyPath: 'email', message: 'Bitte gib eine gültige E-Mail-Adresse ein.' }] })));
    draw([{ __component: 'marketing-forms', title: 'Newsletter', form_id: 16 }]);
    vi.stubGlobal('fetch', fetchMock);
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'eva@example.de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Newsletter abonnieren' }));
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');
  });

  it('marketing form: a required field left empty is said at once, and nothing is sent', async () => {
    const fetchMock = draw([sectionOf('stellenanzeigen-pakete', 'marketing-forms')], 'organization');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Eva Muster' } });
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'eva@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preisliste anfordern' }));
    await waitFor(() => expect(screen.getByLabelText('Unternehmen').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(messages.required)).toBeTruthy();
    expect(screen.getByText(messages.email)).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, i]) => i?.method === 'POST')).toHaveLength(0);
  });

  it('an unknown section type is logged and left out', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    draw([{ __component: 'hologram-teaser', title: 'Nicht zeigen', content: 'roh' }]);
    expect(screen.queryByText('Nicht zeigen')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('hologram-teaser'));
    warn.mockRestore();
  });
});
