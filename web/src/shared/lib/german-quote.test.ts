import { describe, expect, it } from 'vitest';
import { germanQuote } from './german-quote';

describe('germanQuote', () => {
  it('quotes a plain text', () => expect(germanQuote('Messejobs')).toBe('„Messejobs“'));
  it('makes the quotes inside the inner ones', () => expect(germanQuote('Jobs für „Barista“ in Köln')).toBe('„Jobs für ‚Barista‘ in Köln“'));
});
