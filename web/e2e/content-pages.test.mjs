// End to end: the content pages as a visitor uses them, against the real server and its shipped
// content: prices and the price-list form, the newsletter's double opt-in through the mail, a
// category page with its articles, the #vorteile anchor, the start page's featured jobs, and no
// serious accessibility finding on the pages drawn from content.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { apiJson, seriousA11yViolations, url, withBrowser } from './browser.mjs';
import { waitForMail } from './mail.mjs';

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test('pricing page: every plan shows its price, and the price-list form sends', async () => {
  const content = await apiJson('/api/content/pages/by-slug/stellenanzeigen-pakete');
  const plans = content.body.sections.find((s) => s.__component === 'pricing-tables').plans;
  await withBrowser(async ({ page }) => {
    await page.goto(url('/recruiting/stellenanzeigen-pakete'));
    for (const plan of plans) {
      const card = page.locator(`[data-plan="${plan.name}"]`);
      await card.getByText(plan.price, { exact: true }).waitFor();
      assert.ok(await card.getByText(plan.unit).isVisible(), `${plan.name}: unit missing`);
    }
    const company = `Preisliste GmbH ${unique()}`;
    const form = page.locator('form[data-form-id="17"]');
    await form.getByLabel('Name').fill('Eva Muster');
    await form.getByLabel('Unternehmen').fill(company);
    await form.getByLabel('E-Mail-Adresse').fill(`preisliste-${unique()}@example.de`);
    await form.getByRole('button', { name: 'Preisliste anfordern' }).click();
    await page.getByText('Vielen Dank! Wir schicken Ihnen die Preisliste in Kürze per E-Mail.').waitFor();
    const mail = await waitForMail('kontakt@jobhafen.local', { subject: 'Anforderung der Preisliste' });
    assert.ok(mail.text.includes('Eva Muster'), 'the request mail names the sender');
  });
});

test('newsletter: the form sends a mail, its link opens the confirmation page, one click confirms', async () => {
  const email = `newsletter-${unique()}@example.de`;
  await withBrowser(async ({ page }) => {
    await page.goto(url('/vorteile'));
    const form = page.locator('form[data-form-id="16"]');
    await form.getByLabel('E-Mail-Adresse').fill(email);
    await form.getByLabel('Vorname (freiwillig)').fill('Nele');
    await form.getByRole('button', { name: 'Newsletter abonnieren' }).click();
    await page.getByText(/Fast geschafft! Wir haben dir eine E-Mail geschickt/).waitFor();
    const mail = await waitForMail(email, { subject: 'Newsletter' });
    const link = /https?:\/\/\S+\/newsletter-bestaetigen\/[\w-]+/.exec(mail.text)?.[0];
    assert.ok(link, 'no confirmation link in the mail');
    const path = new URL(link).pathname;
    await page.goto(url(path));
    await page.getByRole('heading', { level: 1, name: 'Newsletter bestätigen' }).waitFor();
    await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
    await page.getByText('Danke! Deine Anmeldung zum Newsletter ist bestätigt.', { exact: false }).waitFor();
  });
});

test('a category page lists the articles of its category', async () => {
  const categories = await apiJson('/api/content/article-categories?scope=candidate');
  const category = categories.body.data[0];
  const articles = await apiJson(`/api/content/articles?scope=candidate&category=${category.slug}&pageSize=48`);
  assert.ok(articles.body.data.length > 0, 'the shipped category has articles');
  await withBrowser(async ({ page }) => {
    await page.goto(url(`/tipps-faq/${category.slug}`));
    await page.getByRole('heading', { level: 1, name: new RegExp(category.name) }).waitFor();
    for (const article of articles.body.data) {
      const link = page.getByRole('link', { name: article.title, exact: true });
      await link.waitFor();
      assert.equal(await link.getAttribute('href'), `/tipps-faq/${category.slug}/${article.slug}`);
    }
    assert.equal(await page.locator('[data-error-view]').count(), 0);
  });
});

test('/recruiting/warum-jobhafen#vorteile scrolls to the advantages', async () => {
  await withBrowser(async ({ page }) => {
    await page.goto(url('/recruiting/warum-jobhafen#vorteile'));
    await page.locator('#vorteile').waitFor();
    await page.waitForFunction(() => {
      const box = document.getElementById('vorteile').getBoundingClientRect();
      return window.scrollY > 0 && box.top >= 0 && box.top < window.innerHeight;
    }, null, { timeout: 30_000 });
  });
});

test('the start page shows featured jobs: the current jobs and the top jobs of the job box', async () => {
  const top = await apiJson('/api/job_postings?isPublished=1&top_job=1&itemsPerPage=1');
  assert.ok(top.body['hydra:totalItems'] > 0, 'the seed has top jobs');
  await withBrowser(async ({ page }) => {
    await page.goto(url('/'));
    const box = page.locator('[data-section="job-box-with-tabs"]');
    await box.locator('[data-job-id]').first().waitFor();
    assert.ok((await box.locator('[data-job-id]').count()) > 0);
    await box.getByRole('tab', { name: 'Top-Jobs' }).click();
    const panel = box.locator('[data-tab="Top-Jobs"]');
    await panel.locator('[data-job-id]').first().waitFor();
    // The top-job group is one random top job (candidate-side.md section 7).
    assert.equal(await panel.locator('[data-job-id]').count(), 1);
    const id = await panel.locator('[data-job-id]').first().getAttribute('data-job-id');
    const job = await apiJson(`/api/job_postings/${id}`);
    assert.equal(job.body.top_job, true);
  });
});

test('pages drawn from content: no serious accessibility finding', async () => {
  const categories = await apiJson('/api/content/article-categories?scope=candidate');
  const pages = ['/', '/faqs', '/vorteile', '/promoter-erfahrungen', '/promotionjobs', '/messejobs/berlin', '/jobs-stadt/koeln',
    '/jobs-taetigkeit/promotion', '/jobs-stadt/koeln/als/promotion', `/tipps-faq/${categories.body.data[0].slug}`, '/recruiting',
    '/recruiting/stellenanzeigen-pakete', '/recruiting/warum-jobhafen', '/newsletter-bestaetigen/abc'];
  await withBrowser(async ({ page }) => {
    const findings = [];
    for (const path of pages) {
      await page.goto(url(path));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      for (const v of await seriousA11yViolations(page)) findings.push(`${path}: ${v}`);
    }
    assert.deepEqual(findings, []);
  });
});

test('first paint from the HTML: the page data comes with the page, the hero image is preloaded', async () => {
  const html = await (await fetch(url('/'))).text();
  assert.match(html, /<script type="application\/json" id="jh-initial-data">\[\[\["content","page","home",\{\}\]/);
  assert.match(html, /<link rel="preload" as="image" fetchpriority="high" href="\/_ipx\/w_1024,f_webp\/content-images\/home-hero.png"/);
  const jobs = await apiJson('/api/job_postings?isPublished=1&itemsPerPage=1');
  const slug = jobs.body['hydra:member'][0].slug;
  const detail = await (await fetch(url(`/jobs/${slug}`))).text();
  assert.ok(detail.includes(`[["jobs","detail","${slug}"],{`), 'the job detail is embedded');
  await withBrowser(async ({ page }) => {
    const asked = [];
    page.on('request', (request) => {
      if (/\/api\/content\/pages\/by-slug\/|\/api\/job_postings\/slug\//.test(request.url())) asked.push(request.url());
    });
    await page.goto(url('/'));
    await page.locator('[data-section="homepage-hero"]').waitFor();
    await page.goto(url('/jobs-stadt/koeln'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(url(`/jobs/${slug}`));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(asked, [], 'the app asked again for data the HTML carried');
  });
});
