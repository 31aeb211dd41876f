// The upload form: nothing is sent without a file or with one its check refuses; a chosen file is
// posted with its fields and the page hears of it; a too-large result of `prepare` and a server's
// 422 are said in German under the file field.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@/shared/validation/messages';
import { NO_FILE, UploadForm } from './upload-form';

/** What the fake server answers the next upload, and what it was sent. */
type Answer = { status: number; body: unknown };
let answer: Answer = { status: 201, body: {} };
const uploadFile = vi.fn<(path: string, body: FormData) => void>();

// The browser's XMLHttpRequest as the upload uses it (jsdom's would go to the network): it reports
// the bytes as sent, then answers with `answer`.
class FakeXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private path = '';
  open(_method: string, url: string) { this.path = url.replace(/^.*\/api/, ''); }
  setRequestHeader() {}
  send(body: FormData) {
    uploadFile(this.path, body);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 5);
  }
}
vi.stubGlobal('XMLHttpRequest', FakeXhr);

function renderForm(props: Partial<Parameters<typeof UploadForm>[0]> = {}) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <UploadForm label="Dokument auswählen" accept="application/pdf" maxBytes={1000} submitLabel="Dokument hochladen"
        target={() => ({ path: '/profile_documents_misc', fields: { type: 'cv' } })} onDone={onDone} {...props} />
    </QueryClientProvider>,
  );
  return { onDone, input: screen.getByLabelText('Dokument auswählen') as HTMLInputElement };
}

function choose(input: HTMLInputElement, file: File) {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const pdf = (bytes = 10) => new File(['x'.repeat(bytes)], 'lebenslauf.pdf', { type: 'application/pdf' });

describe('UploadForm', () => {
  beforeEach(() => {
    uploadFile.mockReset();
    answer = { status: 201, body: { id: 7 } };
  });

  it('asks for a file first and sends nothing', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NO_FILE);
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('says what its check refuses and sends nothing', async () => {
    const { input } = renderForm({ check: () => 'Die Datei muss ein PDF oder ein Bild sein.' });
    choose(input, pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Datei muss ein PDF oder ein Bild sein.');
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('posts the file with its fields, says it is uploaded and tells the page', async () => {
    const { input, onDone } = renderForm();
    const file = pdf();
    choose(input, file);
    fireEvent.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect((await screen.findByRole('status')).textContent).toBe('Hochgeladen.');
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(uploadFile).toHaveBeenCalledTimes(1);
    const [path, body] = uploadFile.mock.calls[0] as [string, FormData];
    expect(path).toBe('/profile_documents_misc');
    expect(body.get('type')).toBe('cv');
    expect((body.get('file') as File).name).toBe('lebenslauf.pdf');
  });

  it('refuses a file that is still too large after preparing it', async () => {
    const { input } = renderForm({ prepare: async () => pdf(5000) });
    choose(input, pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(messages.size);
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it("shows the server's 422 under the file field", async () => {
    answer = { status: 422, body: { violations: [{ propertyPath: 'file', message: 'Die Datei ist kein PDF.' }] } };
    const { input, onDone } = renderForm();
    choose(input, pdf());
    fireEvent.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Die Datei ist kein PDF.');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
