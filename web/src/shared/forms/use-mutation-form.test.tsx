// The form adapter as a person meets it: the shared rules refuse before anything is sent, the
// server's 422 violations show at their fields with the German message (the rest above the
// button), the button is disabled while the write is on its way, and a second submit then sends
// nothing.
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { TextField } from '@/shared/ui/text-field';
import { email, messages, required } from '@/shared/validation';
import { useMutationForm } from './use-mutation-form';

type Values = { email: string; name: string };

function NewsletterForm({ send }: { send: (values: Values) => Promise<unknown> }) {
  const mutation = useMutation({ mutationFn: send });
  const { ref, onSubmit, busy, field, refusal } = useMutationForm<Values>({
    mutation,
    defaultValues: { email: '', name: '' },
    rules: { email: [required, email] },
    fieldOf: { fullName: 'name' },
  });
  return (
    <form ref={ref} onSubmit={onSubmit} noValidate aria-label="Newsletter">
      <TextField label="E-Mail-Adresse" {...field('email')} />
      <TextField label="Name" {...field('name')} />
      {refusal !== undefined && <p role="alert">{refusal || 'Das hat nicht geklappt.'}</p>}
      <button type="submit" disabled={busy}>
        Abonnieren
      </button>
    </form>
  );
}

function renderForm(send: (values: Values) => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewsletterForm send={send} />
    </QueryClientProvider>,
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Newsletter' }));

describe('useMutationForm', () => {
  it('refuses with the shared rules before anything is sent, and the message goes once the field is right', async () => {
    const send = vi.fn(async () => ({}));
    renderForm(send);
    type('E-Mail-Adresse', 'kein-at');
    submit();
    expect(await screen.findByText(messages.email)).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-Mail-Adresse')));
    expect(send).not.toHaveBeenCalled();
    type('E-Mail-Adresse', 'lena@example.org');
    await waitFor(() => expect(screen.queryByText(messages.email)).toBeNull());
  });

  it("puts the server's 422 violations on their fields with the German message, the rest above the button", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(422, {
        violations: [
          { propertyPath: 'email', message: 'Diese E-Mail-Adresse ist schon angemeldet' },
          { propertyPath: 'fullName', message: 'Dieses Feld darf nicht leer sein' },
          { propertyPath: 'campaign', message: 'Die Aktion ist vorbei' },
        ],
      });
    });
    renderForm(send);
    type('E-Mail-Adresse', 'lena@example.org');
    submit();
    const emailError = await screen.findByText('Diese E-Mail-Adresse ist schon angemeldet');
    const emailInput = screen.getByLabelText('E-Mail-Adresse');
    expect(emailInput.getAttribute('aria-describedby')).toBe(emailError.id);
    const nameInput = screen.getByLabelText('Name');
    expect(document.getElementById(nameInput.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Dieses Feld darf nicht leer sein');
    expect(screen.getByRole('alert').textContent).toBe('Die Aktion ist vorbei');
    expect(send).toHaveBeenCalledWith({ email: 'lena@example.org', name: '' }, expect.anything());
    // The server's message goes at the first change of its field (the form cannot check it again).
    type('E-Mail-Adresse', 'lena@example.com');
    await waitFor(() => expect(screen.queryByText('Diese E-Mail-Adresse ist schon angemeldet')).toBeNull());
  });

  it("shows the server's message, or the form's own words, when a failure names no field", async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, { message: 'Die Anmeldung ist gerade geschlossen' }))
      .mockRejectedValueOnce(new ApiError(500, {}))
      .mockResolvedValueOnce({});
    renderForm(send);
    type('E-Mail-Adresse', 'lena@example.org');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Die Anmeldung ist gerade geschlossen');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Das hat nicht geklappt.'));
    submit();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('disables the button while the write is on its way, and a second submit then sends nothing', async () => {
    let answer: (value: unknown) => void = () => {};
    const send = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    renderForm(send);
    type('E-Mail-Adresse', 'lena@example.org');
    submit();
    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abonnieren' }).hasAttribute('disabled')).toBe(true));
    submit();
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => answer({}));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abonnieren' }).hasAttribute('disabled')).toBe(false));
    submit();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it('takes a dotted name (contact.email) as the server and the rules name it', async () => {
    function ContactForm({ send }: { send: (values: { contact: { email: string } }) => Promise<unknown> }) {
      const mutation = useMutation({ mutationFn: send });
      const { onSubmit, field } = useMutationForm({ mutation, defaultValues: { contact: { email: '' } }, rules: { 'contact.email': [email] } });
      return (
        <form onSubmit={onSubmit} aria-label="Ansprechperson">
          <TextField label="E-Mail der Ansprechperson" {...field('contact.email')} />
        </form>
      );
    }
    const send = vi.fn(async () => {
      throw new ApiError(422, { violations: [{ propertyPath: 'contact.email', message: 'Diese Adresse nimmt keine Post an' }] });
    });
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ContactForm send={send} />
      </QueryClientProvider>,
    );
    type('E-Mail der Ansprechperson', 'kein-at');
    fireEvent.submit(screen.getByRole('form', { name: 'Ansprechperson' }));
    expect(await screen.findByText(messages.email)).toBeTruthy();
    type('E-Mail der Ansprechperson', 'hr@example.org');
    fireEvent.submit(screen.getByRole('form', { name: 'Ansprechperson' }));
    expect(await screen.findByText('Diese Adresse nimmt keine Post an')).toBeTruthy();
    expect(send).toHaveBeenCalledWith({ contact: { email: 'hr@example.org' } }, expect.anything());
  });

  it("places the form's own check by the server's property path, through fieldOf, as a 422's violations; what no field holds is the refusal", async () => {
    type Guests = { guests: { name: string }[]; contactEmail: string };
    // Rules over all the values, answered as the server names the fields (guests[1].name, contact.email).
    const check = (values: Guests) => ({
      ...Object.fromEntries(values.guests.flatMap((g, i) => (g.name.trim() ? [] : [[`guests[${i}].name`, messages.required]]))),
      ...(values.guests.length > 1 && !values.contactEmail ? { 'contact.email': 'Für eine Gruppe brauchen wir eine E-Mail-Adresse' } : {}),
      ...(values.guests.length > 2 ? { event: 'Für mehr als zwei Gäste ist kein Platz mehr' } : {}),
    });
    function GuestForm({ guests, send }: { guests: number; send: (values: Guests) => Promise<unknown> }) {
      const mutation = useMutation({ mutationFn: send });
      const { ref, onSubmit, field, refusal } = useMutationForm<Guests>({
        mutation,
        defaultValues: { guests: Array.from({ length: guests }, () => ({ name: '' })), contactEmail: '' },
        check,
        fieldOf: (path) => (path === 'contact.email' ? 'contactEmail' : undefined),
      });
      return (
        <form ref={ref} onSubmit={onSubmit} aria-label="Gäste">
          {Array.from({ length: guests }, (_, i) => (
            <TextField key={i} label={`Gast ${i + 1}`} {...field(`guests.${i}.name`)} />
          ))}
          <TextField label="E-Mail-Adresse" {...field('contactEmail')} />
          {refusal !== undefined && <p role="alert">{refusal}</p>}
        </form>
      );
    }
    const send = vi.fn(async () => ({}));
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const view = render(
      <QueryClientProvider client={client}>
        <GuestForm guests={2} send={send} />
      </QueryClientProvider>,
    );
    type('Gast 1', 'Lena');
    fireEvent.submit(screen.getByRole('form', { name: 'Gäste' }));
    const second = screen.getByLabelText('Gast 2');
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(second.getAttribute('aria-describedby') ?? '')?.textContent).toBe(messages.required);
    expect(screen.getByLabelText('Gast 1').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Für eine Gruppe brauchen wir eine E-Mail-Adresse')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(screen.queryByRole('alert')).toBeNull();
    type('Gast 2', 'Omar');
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBeNull());
    type('E-Mail-Adresse', 'lena@example.org');
    fireEvent.submit(screen.getByRole('form', { name: 'Gäste' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ guests: [{ name: 'Lena' }, { name: 'Omar' }], contactEmail: 'lena@example.org' }, expect.anything()));
    view.unmount();

    // A message for a path no field holds stops the write and is said above the button.
    render(
      <QueryClientProvider client={client}>
        <GuestForm guests={3} send={send} />
      </QueryClientProvider>,
    );
    ['Gast 1', 'Gast 2', 'Gast 3'].forEach((label, i) => type(label, `Gast ${i}`));
    type('E-Mail-Adresse', 'lena@example.org');
    fireEvent.submit(screen.getByRole('form', { name: 'Gäste' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Für mehr als zwei Gäste ist kein Platz mehr');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
