// @vitest-environment node
// Every `vi.waitFor` in a test passes the shared bound (src/testing/wait.ts): its own default of 1 s
// failed tests on CI's loaded machine although the page was right, only slow. Testing Library's
// findBy*/waitFor get the bound from src/testing/setup.ts; vi.waitFor cannot, so it is checked here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(path);
    else if (/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The `vi.waitFor(…)` calls of a text without the bound, as "line N". */
export function unboundedWaits(text) {
  const found = [];
  for (let at = text.indexOf('vi.waitFor('); at >= 0; at = text.indexOf('vi.waitFor(', at + 1)) {
    let depth = 0;
    let end = at + 'vi.waitFor'.length;
    do {
      if (text[end] === '(') depth++;
      else if (text[end] === ')') depth--;
      end++;
    } while (depth > 0 && end < text.length);
    if (!/ASYNC_WAIT\s*,?\s*\)$/.test(text.slice(at, end))) found.push(`line ${text.slice(0, at).split('\n').length}`);
  }
  return found;
}

describe('waits in tests', () => {
  it('bound every vi.waitFor by ASYNC_WAIT', () => {
    const unbounded = [];
    for (const file of testFiles(src))
      for (const where of unboundedWaits(readFileSync(file, 'utf8'))) unbounded.push(`${file.slice(src.length + 1)} ${where}`);
    expect(unbounded).toEqual([]);
  });

  it('finds a wait without the bound', () => {
    expect(unboundedWaits('await vi.waitFor(() => expect(f(1)).toBe(2));\nawait vi.waitFor(() => g(), ASYNC_WAIT);')).toEqual(['line 1']);
  });
});
