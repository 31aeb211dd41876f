// @vitest-environment node
// The web README's map lists every feature folder of src/features once, and nothing that is gone
// (issue 40, item 6): a newcomer who reads it finds each feature, and a new one without its line fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const web = fileURLToPath(new URL('..', import.meta.url));

// The names in the README's `features/` block: the lines indented four spaces that start with "name/".
export function featuresListed(readme) {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => /^ {2}features\/\s*$/.test(l));
  if (start < 0) return [];
  const names = [];
  for (const line of lines.slice(start + 1)) {
    if (/^ {0,2}\S/.test(line)) break; // the next block (shared/, …) ends the list
    const m = /^ {4}([a-z0-9-]+)\/\s/.exec(line);
    if (m) names.push(m[1]);
  }
  return names;
}

describe('web README', () => {
  it('lists every feature folder exactly once', () => {
    const listed = featuresListed(readFileSync(`${web}/README.md`, 'utf8'));
    const present = readdirSync(`${web}/src/features`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.filter((n, i) => listed.indexOf(n) !== i)).toEqual([]);
    expect([...new Set(listed)].sort()).toEqual(present.sort());
  });

  it('reads a block that lacks a feature as lacking it', () => {
    const readme = ['  features/', '    jobs/   search', '                continued text', '    shifts/  hers', '  shared/', '    api/x.ts'].join('\n');
    expect(featuresListed(readme)).toEqual(['jobs', 'shifts']);
  });
});
