// The conversation of an application as each side sees it: the thread with who wrote and a status
// set with a message, the box to write when the server allows it (else its reason), a message sent
// and shown with what became of the mail, an empty message refused at the field, and the server's
// refusals (length at the field, the daily cap as a message) in the writer's words.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries } from '@/testing/render-app';
import type { Conversation } from '@/shared/api/application-messages';
import { ApplicationConversation, type ConversationTone } from './conversation';

afterEach(() => vi.unstubAllGlobals());

const providerMessage = {
  id: 1, from: 'provider' as const, body: 'Kommen Sie am Montag um 10 Uhr?', status: 'invited', createdAt: '2026-11-27T09:00:00Z',
};
const thread = (over: Partial<Conversation> = {}): Conversation => ({
  application: '/api/applications/11', side: 'candidate', canWrite: true, notice: null, messages: [providerMessage], ...over,
});

function renderConversation(tone: ConversationTone, answers: Response[]) {
  const fetchMock = vi.fn(() => Promise.resolve(answers.shift() ?? jsonResponse(500, {})));
  vi.stubGlobal('fetch', fetchMock);
  renderWithQueries(
    <ApplicationConversation
      applicationId={11}
      tone={tone}
      otherName={tone === 'du' ? 'Gespräch Agentur GmbH' : 'Lena Müller'}
      statusName={(s) => (s === 'invited' ? 'Zum Gespräch eingeladen' : s)}
    />,
  );
  return fetchMock;
}

describe('ApplicationConversation', () => {
  it('shows the candidate the thread and sends her reply', async () => {
    const replied = thread({
      messages: [providerMessage, { id: 2, from: 'candidate', body: 'Gern!', status: null, createdAt: '2026-11-27T10:00:00Z' }],
      mail: { state: 'queued', message: 'Wir benachrichtigen den Jobanbieter in wenigen Minuten per E-Mail.' },
    });
    const fetchMock = renderConversation('du', [jsonResponse(200, thread()), jsonResponse(201, replied)]);
    const list = await screen.findByRole('list', { name: 'Nachrichten zur Bewerbung' });
    expect(within(list).getByText('Kommen Sie am Montag um 10 Uhr?')).toBeTruthy();
    expect(within(list).getByText(/Gespräch Agentur GmbH · .* · Status: Zum Gespräch eingeladen/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Deine Antwort an Gespräch Agentur GmbH'), { target: { value: '  Gern!  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Antwort senden' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Deine Nachricht ist gesendet. Wir benachrichtigen den Jobanbieter in wenigen Minuten per E-Mail.',
    );
    expect(within(list).getByText('Gern!')).toBeTruthy();
    expect(within(list).getByText(/^Du · /)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/api/applications/11/messages');
    expect(JSON.parse(String(init.body))).toEqual({ message: 'Gern!' });
  });

  it('shows the server’s reason instead of the box when the candidate cannot write yet', async () => {
    renderConversation('du', [
      jsonResponse(200, thread({ canWrite: false, messages: [], notice: 'Sobald der Jobanbieter dir schreibt, kannst du hier antworten.' })),
    ]);
    expect(await screen.findByText('Sobald der Jobanbieter dir schreibt, kannst du hier antworten.')).toBeTruthy();
    expect(screen.getByText('Noch keine Nachrichten.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('addresses the organization with "Sie" and refuses an empty message at the field', async () => {
    const fetchMock = renderConversation('Sie', [jsonResponse(200, thread({ side: 'provider' }))]);
    await screen.findByText('Kommen Sie am Montag um 10 Uhr?');
    expect(screen.getByText(/^Sie · /)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bitte geben Sie eine Nachricht ein.');
    expect(screen.getByLabelText('Ihre Nachricht an Lena Müller').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s refusals: the length at the field, the daily cap as a message', async () => {
    const cap = 'Zu dieser Bewerbung wurden in den letzten 24 Stunden schon 20 Nachrichten geschrieben. Bitte schreiben Sie später weiter.';
    renderConversation('Sie', [
      jsonResponse(200, thread({ side: 'provider' })),
      jsonResponse(422, { violations: [{ propertyPath: 'message', message: 'Diese Eingabe ist zu lang. Erlaubt sind höchstens 2000 Zeichen.' }] }),
      jsonResponse(429, { message: cap }),
    ]);
    const box = await screen.findByLabelText('Ihre Nachricht an Lena Müller');
    fireEvent.change(box, { target: { value: 'Hallo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Diese Eingabe ist zu lang. Erlaubt sind höchstens 2000 Zeichen.');
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByText(cap)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Hallo');
  });
});
