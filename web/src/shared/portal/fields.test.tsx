// The portal's checkbox lists (Tätigkeiten: 67 entries in a small box): a long list gets a
// type-to-filter field; what is chosen stays in view whatever the filter; a short list has none.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Choices, FILTER_FROM } from './fields';

const NAMES = ['Promotion', 'Messe', 'Hostess', 'Café-Service', 'Catering', 'Garderobe', 'Einlass', 'Logistik', 'Kasse', 'Verkauf', 'Sampling', 'Flyer', 'Moderation'];
const options = NAMES.map((name, i) => ({ code: `a${i}`, name }));

function Harness({ list = options }: { list?: typeof options }) {
  const [value, setValue] = useState<string[]>([]);
  return <Choices legend="Tätigkeiten" options={list} value={value} onChange={setValue} />;
}

describe('Choices', () => {
  it('filters a long list as the provider types, keeping the chosen ones', () => {
    expect(options.length).toBeGreaterThanOrEqual(FILTER_FROM);
    render(<Harness />);
    const group = screen.getByRole('group', { name: 'Tätigkeiten' });
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Promotion' }));
    fireEvent.change(within(group).getByRole('searchbox', { name: 'Tätigkeiten filtern' }), { target: { value: 'cafe' } });
    expect(within(group).getAllByRole('checkbox').map((c) => c.parentElement!.textContent!.trim())).toEqual(['Promotion', 'Café-Service']);
    expect((within(group).getByRole('checkbox', { name: 'Promotion' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(group).getByRole('searchbox', { name: 'Tätigkeiten filtern' }), { target: { value: 'xyz' } });
    expect(within(group).getByText('Keine Treffer für „xyz“.')).toBeTruthy();
    fireEvent.change(within(group).getByRole('searchbox', { name: 'Tätigkeiten filtern' }), { target: { value: '' } });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(NAMES.length);
  });

  it('offers no filter for a short list', () => {
    render(<Harness list={options.slice(0, 3)} />);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});
