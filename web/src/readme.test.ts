// The web README's layout names every feature folder, so a newcomer finds each feature in it (issue
// 40, item 6: three features had been added without a line there).
import { describe, expect, it } from 'vitest';
import readme from '../README.md?raw';

// Every file under src/features, by Vite's glob (only the paths are used, nothing is loaded).
const featureFiles = Object.keys(import.meta.glob('./features/*/**/*.{ts,tsx}'));

describe('web/README.md', () => {
  it('lists every folder of src/features in its layout', () => {
    const listed = new Set([...readme.matchAll(/^ {4}([a-z-]+)\/ /gm)].map((m) => m[1]));
    const folders = new Set(featureFiles.map((path) => path.split('/')[2]));
    expect(folders.size).toBeGreaterThan(10);
    expect([...folders].filter((name) => !listed.has(name))).toEqual([]);
  });
});
