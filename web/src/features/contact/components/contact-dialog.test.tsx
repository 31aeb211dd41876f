// The offer request (issue 29, spec items still partial): the job page's "Angebot anfragen" beside
// "Frage stellen" opens the contact dialog addressed to the job's organization, with a topic choice
// and the activities picked from the catalogue's list through the type-to-filter box; what is sent
// goes to that organization's route; the server's 422 shows at its field.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());
// The whole app renders and the lazy dialog code loads: more than the default 5 s on a busy machine.

const JOB = {
  id: 5, slug: 'promoter-kiel-5', title: 'Promoter (m/w/d) in Kiel', activities: [], employmentTypes: [], locations: [{ id: 50, city: 'Kiel' }],
  organization: { id: 7, slug: 'hafen-events', name: 'Hafen Events GmbH' },
};
const ACTIVITIES = [
  { code: 'promotion', name: 'Promotion' }, { code: 'messehostess', name: 'Messehostess / Messehost' }, { code: 'eventhelfer', name: 'Eventhelfer' },
  ...Array.from({ length: 20 }, (_, i) => ({ code: `t${i}`, name: `Tätigkeit ${i}` })),
];

function serve(answer: (body: Record<string, unknown>) => Response) {
  return (path: string, init?: RequestInit) => {
    const { pathname } = new URL(path, 'http://localhost');
    if (pathname === '/api/candidate_accounts/me') return jsonResponse(401, {});
    if (pathname === '/api/job_postings/slug/promoter-kiel-5') return jsonResponse(200, JOB);
    if (pathname === '/api/features') return jsonResponse(200, { features: [{ name: 'organization_question_dialog_in_listing', enabled: true }] });
    if (pathname === '/api/organizations/7') return jsonResponse(200, { id: 7, name: 'Hafen Events GmbH' });
    if (pathname === '/api/reference_lists/activities') return jsonResponse(200, { 'hydra:member': ACTIVITIES });
    if (pathname === '/api/organizations/7/contact/visitor' && init?.method === 'POST') return answer(JSON.parse(String(init.body)));
    return jsonResponse(404, {});
  };
}

async function openOfferForm(answer: (body: Record<string, unknown>) => Response) {
  const view = renderApp('/jobs/promoter-kiel-5', serve(answer));
  await screen.findByRole('button', { name: 'Frage stellen' });
  const offer = screen.getByRole('link', { name: 'Angebot anfragen' });
  // Beside "Frage stellen": in the same row of actions.
  expect(offer.parentElement).toBe(screen.getByRole('button', { name: 'Frage stellen' }).parentElement);
  fireEvent.click(offer);
  const dialog = await screen.findByRole('dialog', { name: 'Angebot anfragen' });
  await within(dialog).findByText('Ihre Anfrage geht an Hafen Events GmbH.');
  return { dialog, view };
}

function fill(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Ihr Name'), { target: { value: 'Ole Berg' } });
  fireEvent.change(within(dialog).getByLabelText('Unternehmen'), { target: { value: 'Ole Events' } });
  fireEvent.change(within(dialog).getByLabelText('E-Mail-Adresse'), { target: { value: 'ole@example.de' } });
  fireEvent.change(within(dialog).getByLabelText('Projektbeschreibung'), { target: { value: 'Messe im März, 3 Tage.' } });
}

describe('offer request from a job page', () => {
  it('sends topic and activities chosen through the filter to the job’s organization', async () => {
    const sent: Record<string, unknown>[] = [];
    const { dialog } = await openOfferForm((body) => {
      sent.push(body);
      return jsonResponse(201, { message: 'Vielen Dank!' });
    });
    fill(dialog);
    const topic = within(dialog).getByLabelText('Thema') as HTMLSelectElement;
    expect([...topic.options].map((o) => o.text)).toEqual(['Angebot für Personal', 'Projektanfrage', 'Allgemeine Anfrage']);
    expect(topic.value).toBe('offer_request');
    fireEvent.change(topic, { target: { value: 'project_request' } });

    await within(dialog).findByRole('checkbox', { name: 'Promotion' });
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Tätigkeiten filtern' }), { target: { value: 'messe' } });
    expect(within(dialog).queryByRole('checkbox', { name: 'Promotion' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Messehostess / Messehost' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Absenden' }));

    expect(await within(dialog).findByRole('status')).toHaveProperty('textContent', 'Vielen Dank! Wir melden uns in Kürze bei Ihnen.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      name: 'Ole Berg', company: 'Ole Events', email: 'ole@example.de', message: 'Messe im März, 3 Tage.',
      topic: 'project_request', activities: ['messehostess'],
    });
  });

  it('shows the server’s message at the field it names', async () => {
    const { dialog } = await openOfferForm(() =>
      jsonResponse(422, { violations: [{ propertyPath: 'activities', message: 'Diese Tätigkeit gibt es nicht. Bitte aus der Liste wählen.' }] }),
    );
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Absenden' }));
    const message = await within(dialog).findByText('Diese Tätigkeit gibt es nicht. Bitte aus der Liste wählen.');
    expect(message.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Tätigkeiten');
  });
});
