// A crafted link must not make an application fail (review 24, finding 2): the server refuses with
// 422 at source.* the controls and every character that shows nothing or turns text
// (actors/applications/application_source.cpp, invisible_ranges), so the flow never sends one. A link
// such as /jobs/x?utm_source=Ind%E2%80%8Beed (a zero-width space, as text copied from a chat or an
// office document often carries) made both apply requests answer 422 and register-and-apply make no account.
import { describe, expect, it } from 'vitest';
import { flowSource, sourceBody } from './application-source';

// What application_source.cpp refuses, written out here once more so that the two lists are compared.
const SERVER_REFUSES =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u{1d173}-\u{1d17a}\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}\u{110bd}]/u;

describe('application source: what the server refuses is never sent', () => {
  it.each([
    ['zero-width space', '\u200b'],
    ['left-to-right mark', '\u200e'],
    ['right-to-left override', '\u202e'],
    ['left-to-right isolate', '\u2066'],
    ['byte order mark inside', '\ufeff'],
    ['C1 control (NEL)', '\u0085'],
    ['soft hyphen', '\u00ad'],
    ['Hangul filler', '\u3164'],
    ['tag character', '\u{e0065}'],
    ['variation selector', '\ufe0f'],
  ])('%s', (_name, mark) => {
    const query = `?utm_source=${encodeURIComponent(`Ind${mark}eed`)}&utm_campaign=${encodeURIComponent(`herbst${mark}`)}`;
    const body = sourceBody(flowSource(query, '', 'jobhafen.de')) ?? {};
    expect(body.utm_source).toBe('Indeed');
    expect(body.utm_campaign).toBe('herbst');
    for (const value of Object.values(body)) expect(value).not.toMatch(SERVER_REFUSES);
  });

  it('keeps letters, umlauts and emoji', () => {
    const body = sourceBody(flowSource(`?utm_campaign=${encodeURIComponent('Straße 😀 日本')}`, '', 'jobhafen.de')) ?? {};
    expect(body.utm_campaign).toBe('Straße 😀 日本');
  });
});
