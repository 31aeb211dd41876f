// How long a test waits for what the page shows next (findBy*, waitFor, vi.waitFor) before it
// fails: generous, because on a busy 2-core CI machine the first import of a lazy page is
// transformed on the spot and a render can take seconds. A wait returns as soon as the thing is
// there, so the bound costs nothing when it passes; a test must never depend on being quick.
export const ASYNC_WAIT_MS = 20_000;
/** The options for `vi.waitFor`, whose own default (1 s) is far too tight under load. */
export const ASYNC_WAIT = { timeout: ASYNC_WAIT_MS };
