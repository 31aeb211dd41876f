// The mails the site sent during an end-to-end run. ops/test runs a real SMTP server (aiosmtpd)
// that stores each mail in the maildir $JOBHAFEN_E2E_MAILDIR; tests wait here for the mail to an
// address and follow its links, as a user clicks them in their inbox. Each file is decoded by
// Python's email package (tests/support/read_mail.py), the same independent reader the C++ mail
// tests use, so quoted-printable and encoded subjects are read as a mail client reads them.
import './stack.mjs'; // first: the settings of this file's server stack
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const READ_MAIL = fileURLToPath(new URL('../../tests/support/read_mail.py', import.meta.url));

export const MAILDIR = process.env.JOBHAFEN_E2E_MAILDIR ?? '';

// Python's maildir names each file "SECONDS.MMICROSECONDSPpidQcounter.host", and the counter
// grows by one per mail in the one sink process: the arrival order. A directory lists its files in
// no particular order (ext4 hashes the names), so the list is sorted by that counter, then by time.
const arrival = (path) => {
  const m = /(\d+)\.M(\d+)P\d+Q(\d+)/.exec(path);
  return m ? [Number(m[3]), Number(m[1]), Number(m[2])] : [Infinity, 0, 0];
};
const byArrival = (a, b) => {
  const [x, y] = [arrival(a), arrival(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || a.localeCompare(b);
};

async function mailFiles() {
  const files = [];
  for (const sub of ['new', 'cur']) {
    try {
      for (const name of await readdir(join(MAILDIR, sub))) files.push(join(MAILDIR, sub, name));
    } catch {
      // The folder appears with the first mail.
    }
  }
  return files.sort(byArrival);
}

async function readMail(path) {
  const { stdout } = await run('/usr/bin/python3', [READ_MAIL, path]);
  return { path, ...JSON.parse(stdout) };
}

// A mail file never changes once the sink has written it: each is decoded once per test file, and
// only when its raw text names the address asked for (the mail worker writes `To: ADDRESS` as is,
// workers/mail/message.cpp). Decoding every mail of the run on every poll cost a Python process
// per mail per 250 ms, which grew with the run to most of the e2e stage's processor time.
const decoded = new Map();   // path → Promise of the decoded mail
async function readMailTo(path, to) {
  if (!decoded.has(path)) {
    const raw = (await readFile(path, 'latin1')).toLowerCase();
    if (!raw.includes(to)) return null;
    decoded.set(path, readMail(path));
  }
  return decoded.get(path);
}

/**
 * Every mail to `to` (case-insensitive) whose subject contains `subject` (if given), oldest first
 * (in arrival order, see byArrival).
 */
export async function mailsTo(to, { subject } = {}) {
  const found = [];
  const address = to.toLowerCase();
  for (const path of await mailFiles()) {
    const mail = await readMailTo(path, address);
    if (!mail || !mail.to.toLowerCase().includes(address)) continue;
    if (subject && !mail.subject.includes(subject)) continue;
    found.push(mail);
  }
  return found;
}

/** Waits (up to `timeoutMs`, 60 s: the worker's poll under load) until a mail to `to` arrives and returns the newest one. */
export async function waitForMail(to, { subject, timeoutMs = 60_000 } = {}) {
  if (!MAILDIR) throw new Error('JOBHAFEN_E2E_MAILDIR is not set (run the e2e tests through ops/test)');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(to, { subject });
    if (mails.length > 0) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` with "${subject}"` : ''} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The links of a mail's text part (the first whose URL contains `contains`, or all). */
export function linksIn(mail, contains) {
  const links = [...mail.text.matchAll(/https?:\/\/[^\s<>")\]]+/g)].map((m) => m[0]);
  return contains ? links.filter((l) => l.includes(contains)) : links;
}
