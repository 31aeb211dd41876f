// The server's side of an administrators' review queue (shared/auth/admin-queue.tsx) for the tests
// of the review pages, and the administrator's sign-in as those tests type it. The queue answers
// 401 until POST /api/login, then the `waiting` entries; a POST to `<decisionsPath>/<id>/<verb>` is
// noted in `decisions` as "<id> <verb> <body>" and takes the entry off the queue, as the server does.
import { fireEvent, screen } from '@testing-library/react';
import { jsonResponse } from './render-app';

export function fakeAdminQueue<T extends { id: number }>(queuePath: string, decisionsPath: string, waiting: T[]) {
  let signedIn = false;
  const decisions: string[] = [];
  const decisionPattern = new RegExp(`^${decisionsPath}/(\\d+)/(\\w+)$`);
  const respond = (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname;
    if (path === '/api/login') {
      signedIn = true;
      return jsonResponse(200, { token: 'h.e30.s' });
    }
    if (path === queuePath)
      return signedIn ? jsonResponse(200, { 'hydra:member': waiting, 'hydra:totalItems': waiting.length }) : jsonResponse(401, { status: 401, message: 'Bitte melde dich an.' });
    const decision = decisionPattern.exec(path);
    if (decision && init?.method === 'POST') {
      decisions.push(`${decision[1]} ${decision[2]} ${init.body ?? ''}`.trim());
      waiting.splice(waiting.findIndex((entry) => entry.id === Number(decision[1])), 1);
      return jsonResponse(200, { id: Number(decision[1]) });
    }
    return jsonResponse(404, {});
  };
  return { respond, decisions };
}

/** Signs in on the queue's sign-in form with the administrator's account. */
export async function signInAsAdministrator() {
  fireEvent.change(await screen.findByLabelText('E-Mail-Adresse'), { target: { value: 'admin@jobhafen.example' } });
  fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: 'Geheim123!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}
