// Issue 44, item 3: every live job's page carries JobPosting structured data that two validators
// accept, as Google reads it from the page a visitor opens:
// * Adobe's structured-data-validator (npm `@adobe/structured-data-validator`, the JobPosting rules
//   of Google's rich results: required title, description, datePosted, hiringOrganization,
//   jobLocation with addressCountry; recommended directApply, baseSalary, employmentType,
//   identifier, validThrough), on the data `@marbec/web-auto-extractor` extracts from the HTML;
// * the schema.org vocabulary: each distinct shape of the data is type-checked by the TypeScript
//   compiler against Google's `schema-dts` types (`WithContext<JobPosting>`), which refuses a
//   property schema.org does not define for that type and a value of the wrong kind.
// Warnings that do not apply are named: applicantLocationRequirements and jobLocationType are for
// remote jobs (Jobhafen's jobs are on site); validThrough only for a job that has an end, baseSalary
// only for a job that names an amount (one may give its pay in words only, "Nach Vereinbarung").
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Validator from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import ts from 'typescript';
import { url } from './browser.mjs';
import { sql } from './db.mjs';

const NOT_APPLICABLE = new Set(['applicantLocationRequirements', 'jobLocationType']);

/** The validator reads "jobLocation.address" through objects only: a job with several places is
 * checked once per place, each copy as Google reads one element of the array. */
function asGoogleReadsEachPlace(posting) {
  const places = Array.isArray(posting.jobLocation) ? posting.jobLocation : [posting.jobLocation];
  if (places.length === 0) return [posting];   // refused as it is: no place, not even a country
  return places.map((place) => ({ ...posting, jobLocation: place }));
}

/** The data's shape: its keys and the kinds of its values (one example per shape is type-checked). */
function shapeOf(value) {
  if (Array.isArray(value)) return `[${[...new Set(value.map(shapeOf))].join('|')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${k}:${shapeOf(value[k])}`).join(',')}}`;
  return typeof value;
}

/** The TypeScript compiler's errors for the examples typed as schema.org JobPostings. */
async function schemaOrgErrors(examples) {
  // Inside web/ so that `schema-dts` resolves from web/node_modules.
  const dir = await mkdtemp(join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/.structured-data-'));
  const file = join(dir, 'jobs.ts');
  try {
    await writeFile(file, `import type { JobPosting, WithContext } from 'schema-dts';\nexport const jobs: WithContext<JobPosting>[] = ${JSON.stringify(examples, null, 1)};\n`);
    const program = ts.createProgram([file], { noEmit: true, strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('every live job page carries JobPosting data that the validators accept', { timeout: 600_000 }, async () => {
  const rows = await sql(
    `SELECT j.slug, j.valid_through IS NULL, j.base_salary IS NULL FROM job_postings j JOIN organizations o ON o.id = j.organization_id
      WHERE j.is_published AND j.active AND (j.valid_through IS NULL OR j.valid_through > now() + interval '1 hour') AND o.active ORDER BY j.id`,
  );
  const validator = new Validator();
  const problems = [];
  const shapes = new Map();
  let validated = 0;
  let gone = 0;
  const check = async ([slug, withoutEnd, withoutAmount]) => {
    const page = await fetch(url(`/jobs/${slug}`));
    const html = await page.text();
    // Another test file may close a job or block its organization meanwhile.
    if (page.status === 404 || page.status === 410) { gone += 1; return; }
    assert.equal(page.status, 200, slug);
    const data = new WebAutoExtractor({ addLocation: true, embedSource: ['rdfa', 'microdata'] }).parse(html);
    const postings = data.jsonld?.JobPosting ?? [];
    if (postings.length !== 1) { problems.push(`${slug}: ${postings.length} JobPosting blocks`); return; }
    for (const copy of asGoogleReadsEachPlace(postings[0])) {
      for (const issue of await validator.validate({ ...data, jsonld: { JobPosting: [copy] } })) {
        const field = issue.fieldNames?.[0] ?? '';
        const applies = !(issue.severity === 'WARNING' && (NOT_APPLICABLE.has(field) || (field === 'validThrough' && withoutEnd === 't')
          || (field === 'baseSalary' && withoutAmount === 't')));
        if (applies) problems.push(`${slug}: ${issue.severity} ${issue.issueMessage}`);
      }
    }
    // The extractor's own key (where in the page it found the block) is not part of the data.
    const { '@context': context, '@location': where, ...rest } = postings[0];
    const shape = shapeOf(rest);
    if (!shapes.has(shape)) shapes.set(shape, { '@context': 'https://schema.org', ...rest });
    validated += 1;
  };
  for (let i = 0; i < rows.length; i += 16) await Promise.all(rows.slice(i, i + 16).map(check));

  console.log(`structured data: ${validated} job pages validated (${gone} closed meanwhile), ${shapes.size} shapes type-checked, ${problems.length} problems`);
  assert.ok(validated > 100 && validated >= rows.length * 0.9, `only ${validated} of ${rows.length} job pages could be read`);
  assert.deepEqual(problems.slice(0, 20), []);
  assert.deepEqual((await schemaOrgErrors([...shapes.values()])).slice(0, 10), []);

  // The validators are not blind: a posting without its title and with a property schema.org
  // does not know is refused by each.
  const [example] = shapes.values();
  const { title, ...untitled } = example;
  const refused = await validator.validate({ jsonld: { JobPosting: [asGoogleReadsEachPlace(untitled)[0]] }, microdata: {}, rdfa: {} });
  assert.ok(refused.some((i) => i.severity === 'ERROR' && i.fieldNames?.includes('title')), JSON.stringify(refused));
  const unknown = await schemaOrgErrors([{ ...example, salaryPerHour: 15 }]);
  assert.ok(unknown.some((m) => m.includes('salaryPerHour')), unknown.join('\n'));
});
