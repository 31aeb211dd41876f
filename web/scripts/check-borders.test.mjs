// @vitest-environment node
// The border check fails on a feature → feature import and on an import cycle, and passes once the
// import goes through shared/: scripts/check-borders.mjs run as `npm test` runs it, on three small fixture apps.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./check-borders.mjs', import.meta.url));
const fixture = (name) => fileURLToPath(new URL(`./__fixtures__/borders/${name}`, import.meta.url));
const check = (name) => spawnSync(process.execPath, [script, fixture(name)], { encoding: 'utf8' });

describe('import borders', () => {
  it('fails on a feature importing another feature, through @/ and relative, and names each import', () => {
    const run = check('violation');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/feature-to-feature: src\/features\/jobs\/job-card\.ts → src\/features\/favorites\/favorite-button\.ts/);
    expect(run.stdout).toMatch(/feature-to-feature: src\/features\/favorites\/job-link\.ts → src\/features\/jobs\/job-card\.ts/);
    expect(run.stdout).toMatch(/shared-to-feature-or-app: src\/shared\/uses-app\.ts → src\/app\/router\.ts/);
    expect(run.stdout).toMatch(/3 dependency violations/);
  }, 60_000);

  it('fails on an import cycle, also one made by a type-only import', () => {
    const run = check('cycle');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/no-circular: src\/features\/portal\/api\/jobs\.ts → \s*src\/features\/portal\/api\/keys\.ts →\s*src\/features\/portal\/api\/jobs\.ts/);
  }, 60_000);

  it('passes when features import only themselves and shared/, and app/ composes them', () => {
    const run = check('clean');
    expect(run.stdout).toMatch(/no dependency violations found/);
    expect(run.status).toBe(0);
  }, 60_000);
});
