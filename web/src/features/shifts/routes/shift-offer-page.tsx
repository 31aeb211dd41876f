// /einsatz-angebot/:id, the link of the mail "Ein Platz ist frei geworden" (issue 43, item 6;
// docs/shifts.md "Waitlist and refill"): the offered shift and "Platz übernehmen". The first to
// accept in the window gets the place; a late or second click reads why not. When the shift
// would take the candidate over a stated work limit, the server's warning is asked first and
// "Trotzdem übernehmen" sends confirmLimits.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { errorMessage } from '@/shared/api/error-message';
import { useAcceptOffer, useMyShiftOffers } from '@/shared/api/shift-waitlist';
import { shiftTimeLabel } from '@/shared/api/shifts';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { deadlineText } from '../components/waitlist-section';

function limitsQuestion(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { violations?: { propertyPath: string; message: string }[] } | undefined;
  return body?.violations?.find((v) => v.propertyPath === 'confirmLimits')?.message ?? null;
}

export function ShiftOfferPage() {
  const id = Number(useParams().id);
  const offers = useMyShiftOffers();
  const accept = useAcceptOffer();
  const [taken, setTaken] = useState(false);
  if (offers.isPending) return <PageLoading />;
  if (offers.isError) return <p role="alert">Dein Angebot konnte gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
  const offer = offers.data['hydra:member'].find((o) => o.id === id);
  if (!offer) return <p>Dieses Angebot gibt es nicht (mehr). <Link to="/meine-einsaetze">Zu deinen Einsätzen</Link></p>;
  const label = shiftTimeLabel(offer.shift);
  const question = limitsQuestion(accept.error);
  const send = (confirmLimits: boolean) => accept.mutate({ id, confirmLimits }, { onSuccess: () => setTaken(true) });
  return (
    <>
      <p>
        <strong>{label}</strong>
        {offer.shift.place ? `, ${offer.shift.place.name}` : ''} – {offer.job.title} bei {offer.job.organizationName}
      </p>
      {taken || offer.status === 'accepted' ? (
        <p role="status">
          Der Platz gehört dir – du bist für diesen Einsatz bestätigt. <Link to="/meine-einsaetze">Zu deinen Einsätzen</Link>
        </p>
      ) : offer.status === 'offered' ? (
        <>
          {offer.expiresAt ? <p>Das Angebot gilt bis {deadlineText(offer.expiresAt)}. Wer zuerst zusagt, bekommt den Platz.</p> : null}
          {question ? (
            <div role="alert">
              <p>{question}</p>
              <button type="button" className={form.yellow} disabled={accept.isPending} onClick={() => send(true)}>
                Trotzdem übernehmen
              </button>
            </div>
          ) : (
            <button type="button" className={form.yellow} disabled={accept.isPending} onClick={() => send(false)}>
              {accept.isPending ? 'Wird übernommen …' : 'Platz übernehmen'}
            </button>
          )}
          {accept.isError && !question ? (
            <p role="alert">{errorMessage(accept.error, 'Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.')}</p>
          ) : null}
        </>
      ) : (
        <p role="status">
          {offer.status === 'waiting'
            ? `Du stehst auf der Warteliste (Nummer ${offer.position ?? 1}). Wird ein Platz frei, bekommst du eine E-Mail.`
            : offer.status === 'missed'
              ? 'Der Platz war leider schon vergeben.'
              : 'Dieses Angebot ist leider abgelaufen; der Platz wurde der nächsten Person angeboten.'}
        </p>
      )}
    </>
  );
}
