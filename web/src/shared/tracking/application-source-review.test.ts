// Review 24 (hostile review of issue 44): a crafted link must not make an application fail
// (application-source.ts says so). The server refuses with 422 at source.utm_source not only C0 and
// DEL but also the C1 controls and the marks that turn or hide text (U+200B–U+200F, U+202A–U+202E,
// U+2060–U+2069, U+FEFF; actors/applications/application_source.cpp, has_control_character), so
// the flow must never send one of them. A link such as /jobs/x?utm_source=Ind%E2%80%8Beed (a
// zero-width space, as text copied from a chat or an office document often carries) makes both
// apply requests answer 422 and register-and-apply make no account.
import { describe, expect, it } from 'vitest';
import { flowSource, sourceBody } from './application-source';

// What application_source.cpp refuses, as a character class.
const SERVER_REFUSES = /[\u0000-\u001f\u007f\u0080-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;

describe('application source (review 24)', () => {
  it.each([
    ['zero-width space', '\u200b'],
    ['left-to-right mark', '\u200e'],
    ['right-to-left override', '\u202e'],
    ['left-to-right isolate', '\u2066'],
    ['byte order mark inside', '\ufeff'],
    ['C1 control (NEL)', '\u0085'],
  ])('never sends a value the server refuses: %s', (_name, mark) => {
    const query = `?utm_source=${encodeURIComponent(`Ind${mark}eed`)}&utm_campaign=${encodeURIComponent(`herbst${mark}`)}`;
    const body = sourceBody(flowSource(query, '', 'jobhafen.de')) ?? {};
    for (const value of Object.values(body)) expect(value).not.toMatch(SERVER_REFUSES);
  });
});
