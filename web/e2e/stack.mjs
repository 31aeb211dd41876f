// Which server this test file talks to. ops/test runs the browser-test files two at a time, each
// against a stack of its own (server, workers, database, Redis database, SMTP sink): files that
// pick "the newest job" or count a job's applications then never see another file's rows. It
// names the stacks in JOBHAFEN_E2E_STACKS (paths of JSON files with each stack's JOBHAFEN_*
// settings, separated by ":"); this module takes a free one for the life of this process (a lock
// file beside it, holding our pid) and puts its settings into process.env before any other module
// of the tests reads them. browser.mjs, mail.mjs and db.mjs import it first. Without the variable
// (one stack: a developer's `npm run e2e` against ops/run) it does nothing.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

const STACKS = (process.env.JOBHAFEN_E2E_STACKS ?? '').split(':').filter(Boolean);
const WAIT_MS = 60_000;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the lock if it is free or its holder is gone; answers whether it is ours now. */
function tryLock(lock) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try {
      holder = Number(readFileSync(lock, 'utf8'));
    } catch {
      continue; // released between our open and our read: try again
    }
    // A holder that died without its exit handler (killed) leaves its lock behind.
    if (holder > 0 && alive(holder)) return false;
    try {
      unlinkSync(lock);
    } catch {
      /* another file took it over first */
    }
  }
  return false;
}

function takeStack() {
  const deadline = Date.now() + WAIT_MS;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    for (const file of STACKS) {
      const lock = `${file}.lock`;
      if (tryLock(lock)) {
        process.on('exit', () => {
          try {
            if (Number(readFileSync(lock, 'utf8')) === process.pid) unlinkSync(lock);
          } catch {
            /* already gone */
          }
        });
        return JSON.parse(readFileSync(file, 'utf8'));
      }
    }
    // More files at once than stacks: the runner's concurrency and ops/test's stacks disagree.
    if (Date.now() > deadline) throw new Error(`no free e2e stack of ${STACKS.join(', ')} within ${WAIT_MS} ms`);
    Atomics.wait(pause, 0, 0, 100);
  }
}

if (STACKS.length > 0) Object.assign(process.env, takeStack());
