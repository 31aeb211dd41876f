// The web README's layout names every feature folder, so a newcomer finds each feature in it (issue
// 40, item 6: three features had been added without a line there).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = resolve(__dirname, '..');

describe('web/README.md', () => {
  it('lists every folder of src/features in its layout', () => {
    const readme = readFileSync(resolve(web, 'README.md'), 'utf8');
    const listed = new Set([...readme.matchAll(/^ {4}([a-z-]+)\/ /gm)].map((m) => m[1]));
    const folders = readdirSync(resolve(web, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((name) => !listed.has(name))).toEqual([]);
  });
});
