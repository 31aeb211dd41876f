// One /meine-daten block: saving sends only its own merge patch; a client rule or a 422 answer
// marks the block red, says it was not saved and puts each message under its field.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { referenceListKeys } from '@/shared/api/reference-lists';
import { BLOCKS, type Block } from '../lib/blocks';
import { readBlock } from '../lib/block-form';
import { messages } from '@/shared/validation';
import { NOT_SAVED, ProfileBlock } from './profile-block';

const block = (id: string) => BLOCKS.find((b) => b.id === id) as Block;
const profile = { firstName: 'Jana', lastName: 'Muster', birthDate: '2000-02-01', appearance: { bodyHeight: 172 } };

// The reference lists as GET /api/reference_lists/{name} answers them, already in the cache.
function queryClientWithLists() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(referenceListKeys.list('languages'), [{ code: 'de', name: 'Deutsch' }, { code: 'en', name: 'Englisch' }, { code: 'sq', name: 'Albanisch' }]);
  client.setQueryData(referenceListKeys.list('countries'), [{ code: 'de', name: 'Deutschland' }]);
  return client;
}

function renderBlock(id: string, save: (patch: Record<string, unknown>) => Promise<unknown>, context: Record<string, string> = {}) {
  const b = block(id);
  render(
    <QueryClientProvider client={queryClientWithLists()}>
      <ProfileBlock block={b} initial={readBlock(b, profile)} context={context} save={save} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: b.title });
}

describe('ProfileBlock', () => {
  it('saves its own block and says so', async () => {
    const save = vi.fn().mockResolvedValue({});
    const region = renderBlock('appearance', save);
    fireEvent.change(within(region).getByLabelText('Körpergröße (cm)'), { target: { value: '180' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Aussehen speichern' }));
    await within(region).findByText('Gespeichert.');
    expect(save).toHaveBeenCalledTimes(1);
    expect(Object.keys(save.mock.calls[0]![0])).toEqual(['appearance']);
    expect(save.mock.calls[0]![0].appearance.bodyHeight).toBe(180);
    expect(region.dataset.invalid).toBeUndefined();
  });

  it('does not send a block that breaks a rule, and marks it red', async () => {
    const save = vi.fn();
    const region = renderBlock('personal-data', save);
    fireEvent.change(within(region).getByLabelText('Vorname *'), { target: { value: '' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Persönliche Daten speichern' }));
    // The rules run in a microtask (React Hook Form), so the notice is awaited.
    expect((await within(region).findByRole('alert')).textContent).toContain(NOT_SAVED);
    expect(within(region).getByText('Dieses Feld darf nicht leer sein')).toBeTruthy();
    expect(within(region).getByLabelText('Vorname *').getAttribute('aria-invalid')).toBe('true');
    expect(region.dataset.invalid).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('shows the server 422 answer on the right field', async () => {
    const save = vi.fn().mockRejectedValue(
      new ApiError(422, { violations: [{ propertyPath: 'appearance.bodyHeight', message: 'Dieser Wert ist nicht erlaubt' }] }),
    );
    const region = renderBlock('appearance', save);
    fireEvent.change(within(region).getByLabelText('Körpergröße (cm)'), { target: { value: '251' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Aussehen speichern' }));
    await waitFor(() => expect(region.dataset.invalid).toBe('true'));
    expect(within(region).getByRole('alert').textContent).toContain(NOT_SAVED);
    const field = within(region).getByLabelText('Körpergröße (cm)');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toContain('Dieser Wert ist nicht erlaubt');
  });

  it('adds and removes list entries', async () => {
    const save = vi.fn().mockResolvedValue({});
    const region = renderBlock('languages', save);
    fireEvent.click(within(region).getByRole('button', { name: 'Sprache hinzufügen' }));
    // Every language of the server's list is offered, not a subset in the bundle.
    const names = within(region).getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(expect.arrayContaining(['Deutsch', 'Englisch', 'Albanisch']));
    fireEvent.change(within(region).getByLabelText('Sprache *'), { target: { value: 'de' } });
    fireEvent.change(within(region).getByLabelText('Niveau *'), { target: { value: 'native' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Sprachen speichern' }));
    await within(region).findByText('Gespeichert.');
    expect(save).toHaveBeenCalledWith({ languages: [{ language: 'de', level: 'native' }] });
    fireEvent.click(within(region).getByRole('button', { name: 'Sprache 1 entfernen' }));
    expect(within(region).getByText('Noch keine Einträge.')).toBeTruthy();
  });

  it("checks an entry of a list with the rule the server has, marks that entry's field, and the message goes once it is right", async () => {
    const save = vi.fn().mockResolvedValue({});
    const region = renderBlock('addresses', save);
    fireEvent.click(within(region).getByRole('button', { name: 'Adresse hinzufügen' }));
    fireEvent.change(within(region).getByLabelText('Straße und Hausnummer *'), { target: { value: 'Hafenstraße 1' } });
    fireEvent.change(within(region).getByLabelText('PLZ *'), { target: { value: '2045' } });
    fireEvent.change(within(region).getByLabelText('Ort *'), { target: { value: 'Hamburg' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Adressen speichern' }));
    expect((await within(region).findByRole('alert')).textContent).toContain(NOT_SAVED);
    const zip = within(region).getByLabelText('PLZ *');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(zip.getAttribute('aria-describedby')!)?.textContent).toBe(messages.zipCode);
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(zip, { target: { value: '20457' } });
    await waitFor(() => expect(zip.getAttribute('aria-invalid')).toBeNull());
    expect(region.dataset.invalid).toBeUndefined();
    fireEvent.click(within(region).getByRole('button', { name: 'Adressen speichern' }));
    await within(region).findByText('Gespeichert.');
    expect(save).toHaveBeenCalledWith({ addresses: [{ street: 'Hafenstraße 1', zipcode: '20457', city: 'Hamburg', country: 'de' }] });
  });

  it("puts the server's message for a list entry on that entry's field", async () => {
    const save = vi.fn().mockRejectedValue(
      new ApiError(422, { violations: [{ propertyPath: 'addresses[1].city', message: 'Diesen Ort kennen wir nicht' }] }),
    );
    const region = renderBlock('addresses', save);
    for (const [n, city] of [[1, 'Hamburg'], [2, 'Atlantis']] as const) {
      fireEvent.click(within(region).getByRole('button', { name: 'Adresse hinzufügen' }));
      const entry = within(region).getByRole('group', { name: `Adresse ${n}` });
      fireEvent.change(within(entry).getByLabelText('Straße und Hausnummer *'), { target: { value: 'Hafenstraße 1' } });
      fireEvent.change(within(entry).getByLabelText('PLZ *'), { target: { value: '20457' } });
      fireEvent.change(within(entry).getByLabelText('Ort *'), { target: { value: city } });
    }
    fireEvent.click(within(region).getByRole('button', { name: 'Adressen speichern' }));
    const second = within(region).getByRole('group', { name: 'Adresse 2' });
    expect(await within(second).findByText('Diesen Ort kennen wir nicht')).toBeTruthy();
    expect(within(second).getByLabelText('Ort *').getAttribute('aria-invalid')).toBe('true');
    expect(within(within(region).getByRole('group', { name: 'Adresse 1' })).getByLabelText('Ort *').getAttribute('aria-invalid')).toBeNull();
    expect(within(region).getByRole('alert').textContent).toBe(NOT_SAVED);
  });

  it('reads a value from outside the block for its rule (the VAT id by the first address\'s country)', async () => {
    const save = vi.fn().mockResolvedValue({});
    const region = renderBlock('tax', save, { _addressCountry: 'de' });
    fireEvent.change(within(region).getByLabelText('USt-IdNr.'), { target: { value: 'ATU12345678' } });
    fireEvent.click(within(region).getByRole('button', { name: `${block('tax').title} speichern` }));
    expect((await within(region).findByRole('alert')).textContent).toContain(NOT_SAVED);
    expect(within(region).getByLabelText('USt-IdNr.').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('says what the server refused outside the block, and keeps the save button off while it saves', async () => {
    let answer: (failure: unknown) => void = () => undefined;
    const save = vi.fn(() => new Promise((_, reject) => (answer = reject)));
    const region = renderBlock('appearance', save);
    const button = within(region).getByRole('button', { name: 'Aussehen speichern' });
    fireEvent.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    answer(new ApiError(422, { violations: [{ propertyPath: 'lastName', message: 'Bitte gib zuerst deinen Nachnamen an' }] }));
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toContain(NOT_SAVED);
    expect(alert.textContent).toContain('Bitte gib zuerst deinen Nachnamen an');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
