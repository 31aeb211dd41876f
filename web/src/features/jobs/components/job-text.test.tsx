import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobText } from './job-text';

describe('job text', () => {
  it('makes paragraphs and lists of the organization\'s text, without HTML', () => {
    const { container } = render(<JobText text={'Du begrüßt Gäste.\n\nDeine Aufgaben:\n- Einlass\n- Garderobe\n<b>kein HTML</b>'} />);
    expect([...container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Du begrüßt Gäste.', 'Deine Aufgaben:', '<b>kein HTML</b>']);
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Einlass', 'Garderobe']);
    expect(container.querySelector('b')).toBeNull();
  });
});
