// The database of the server under test, for what a test cannot see through the site: the
// tracking rows the server stored, and setup a flow cannot reach in a test's time.
import './stack.mjs'; // first: the settings of this file's server stack
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';

/**
 * One SQL statement against the database of the server under test (ops/test exports its URL).
 * Values go in as psql variables (`:'p1'` quotes them), the statement through stdin, where psql
 * interpolates them.
 */
export function sql(statement, ...params) {
  const database = process.env.JOBHAFEN_DATABASE_URL;
  assert.ok(database, 'JOBHAFEN_DATABASE_URL is not set (run the e2e tests through ops/test)');
  const args = [database, '-X', '-q', '-At', '-F', '\t', '-v', 'ON_ERROR_STOP=1'];
  params.forEach((p, i) => args.push('-v', `p${i + 1}=${p}`));
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/psql', args);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`psql: ${err}`));
      else resolve(out.split('\n').filter(Boolean).map((line) => line.split('\t')));
    });
    child.stdin.end(`${statement};\n`);
  });
}
