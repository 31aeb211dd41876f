// Checks the import borders of the web app (.dependency-cruiser.cjs): shared/ → features/ → app/,
// no feature importing another. Run by `npm test` on src/; exits 1 and names each forbidden import.
// `node scripts/check-borders.mjs [ROOT]` checks ROOT/src with ROOT/tsconfig.app.json (default: web/),
// which is how the border test runs it on its fixtures.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(process.argv[2] ?? web);
// The package exports no path to its command line, so it is taken from node_modules directly.
const cli = resolve(web, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const run = spawnSync(process.execPath, [cli, 'src', '--config', resolve(web, '.dependency-cruiser.cjs'), '--output-type', 'err'], {
  cwd: root,
  encoding: 'utf8',
});
process.stdout.write(run.stdout ?? '');
process.stderr.write(run.stderr ?? '');
if (run.error) throw run.error;
process.exit(run.status === 0 ? 0 : 1);
