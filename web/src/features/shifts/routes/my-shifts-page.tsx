// /meine-einsaetze: the candidate's confirmed and pending shifts, soonest first (GET /me/shifts),
// "Absagen" for a shift that has not begun (after a question; a confirmed one frees the place and
// the provider is told by mail), and the private calendar feed for Google or Apple Kalender
// (POST /me/calendar_token; "Kalender-Abo beenden": DELETE /me/calendar_token). Ended confirmed shifts take
// their worked hours (TimeRecordsSection); full shifts waited for and refill offers: WaitlistSection.
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/error-message';
import type { MyShift } from '@/shared/api/shifts';
import { shiftTimeLabel } from '@/shared/api/shifts';
import { Dialog } from '@/shared/ui/dialog';
import { FeedLink } from '@/shared/ui/feed-link';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { useEndCalendarToken, useRenewCalendarToken } from '../api/calendar-token';
import { useMyShifts } from '../api/my-shifts';
import { useWithdrawShift } from '../api/withdraw-shift';
import { TimeRecordsSection } from '../components/time-records-section';
import { WaitlistSection } from '../components/waitlist-section';
import { groupMyShifts, mayWithdraw } from '../lib/my-shift-groups';
import styles from './my-shifts-page.module.css';

function ShiftItem({ shift, onWithdraw }: { shift: MyShift; onWithdraw: (shift: MyShift) => void }) {
  return (
    <li>
      <strong>{shiftTimeLabel(shift)}</strong>
      {shift.place ? `, ${shift.place.name}` : ''} – <Link to={`/jobs/${shift.job.slug}`}>{shift.job.title}</Link> bei{' '}
      {shift.job.organizationName}
      {shift.note ? <div>Hinweis: {shift.note}</div> : null}
      {mayWithdraw(shift, Date.now()) ? (
        <div>
          <button type="button" className={form.secondary} onClick={() => onWithdraw(shift)} aria-label={`Absagen: ${shiftTimeLabel(shift)}`}>
            Absagen
          </button>
        </div>
      ) : null}
    </li>
  );
}

function ShiftGroup({ id, title, shifts, onWithdraw }: { id: string; title: string; shifts: MyShift[]; onWithdraw: (shift: MyShift) => void }) {
  if (shifts.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {shifts.map((s) => (
          <ShiftItem key={s.shiftApplication.id} shift={s} onWithdraw={onWithdraw} />
        ))}
      </ul>
    </section>
  );
}

/** The question before a shift is called off, and the call. */
function WithdrawDialog({ shift, onClose, onDone }: { shift: MyShift | null; onClose: () => void; onDone: (text: string) => void }) {
  const withdraw = useWithdrawShift();
  const confirmed = shift?.shiftApplication.status === 'confirmed';
  const close = () => {
    withdraw.reset();
    onClose();
  };
  return (
    <Dialog open={shift !== null} title="Einsatz absagen?" onClose={close}>
      {shift ? (
        <>
          <p>
            {shiftTimeLabel(shift)} – {shift.job.title} bei {shift.job.organizationName}
          </p>
          <p>
            {confirmed
              ? 'Du bist für diesen Einsatz bestätigt. Wenn du absagst, wird dein Platz frei und wir sagen dem Jobanbieter Bescheid. Das kannst du nicht rückgängig machen.'
              : 'Deine Auswahl für diesen Einsatz wird zurückgezogen. Das kannst du nicht rückgängig machen.'}
          </p>
          {withdraw.isError ? <p role="alert">{errorMessage(withdraw.error, 'Das Absagen hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.')}</p> : null}
          <div className={form.row}>
            <button
              type="button"
              className={form.button}
              disabled={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(shift.shiftApplication.id, {
                  onSuccess: () => {
                    onDone(`Du hast den Einsatz am ${shiftTimeLabel(shift)} abgesagt.`);
                    close();
                  },
                })
              }
            >
              {withdraw.isPending ? 'Wird abgesagt …' : 'Ja, absagen'}
            </button>
            <button type="button" className={form.secondary} onClick={close}>
              Nicht absagen
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function CalendarFeed() {
  const renew = useRenewCalendarToken();
  const end = useEndCalendarToken();
  const [ended, setEnded] = useState(false);
  return (
    <section aria-labelledby="kalender" className={styles.calendar}>
      <h2 id="kalender">Kalender-Abo</h2>
      <p>
        Mit deinem privaten Kalender-Link siehst du deine bestätigten Einsätze in Google Kalender, Apple Kalender oder Outlook. Gib
        den Link nicht weiter. Wenn du einen neuen Link erstellst, dein Passwort änderst oder das Abo beendest, funktioniert der alte
        Link nicht mehr.
      </p>
      <div className={form.row}>
        <button
          type="button"
          className={form.secondary}
          onClick={() => {
            end.reset();
            setEnded(false);
            renew.mutate();
          }}
          disabled={renew.isPending || end.isPending}
        >
          {renew.data ? 'Neuen Link erstellen' : 'Kalender-Link erstellen'}
        </button>
        <button
          type="button"
          className={form.secondary}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: () => {
                renew.reset();
                setEnded(true);
              },
            })
          }
          disabled={renew.isPending || end.isPending}
        >
          {end.isPending ? 'Wird beendet …' : 'Kalender-Abo beenden'}
        </button>
      </div>
      {renew.isError ? <p role="alert">Der Link konnte gerade nicht erstellt werden. Bitte versuche es gleich noch einmal.</p> : null}
      {end.isError ? (
        <p role="alert">{errorMessage(end.error, 'Das Kalender-Abo konnte gerade nicht beendet werden. Bitte versuche es gleich noch einmal.')}</p>
      ) : null}
      {ended ? (
        <p role="status">Dein Kalender-Abo ist beendet. Der bisherige Link funktioniert nicht mehr; dein Kalender zeigt keine neuen Einsätze mehr an.</p>
      ) : null}
      {renew.data ? (
        <FeedLink
          key={renew.data.url}
          id="kalender-link"
          url={renew.data.url}
          label="Dein Link (nur jetzt sichtbar)"
          fieldName="Dein Kalender-Link"
          openLabel="Im Kalender abonnieren"
          copiedText="Der Link ist kopiert. Füge ihn in deinem Kalender unter „Kalender abonnieren“ bzw. „Per URL hinzufügen“ ein."
        >
          <p className={styles.hint}>
            „Im Kalender abonnieren“ öffnet die Kalender-App deines Handys (Apple Kalender, Outlook). Für Google Kalender kopierst du den
            Link und fügst ihn am Computer unter „Weitere Kalender“ → „Per URL“ ein.
          </p>
        </FeedLink>
      ) : null}
    </section>
  );
}

export function MyShiftsPage() {
  const shifts = useMyShifts();
  const [asking, setAsking] = useState<MyShift | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (shifts.isPending) return <PageLoading />;
  if (shifts.isError) return <p role="alert">Deine Einsätze konnten gerade nicht geladen werden. Bitte lade die Seite neu.</p>;
  const { confirmed, pending, cancelled } = groupMyShifts(shifts.data['hydra:member']);
  return (
    <>
      {confirmed.length + pending.length + cancelled.length === 0 ? (
        <p>
          Du hast noch keine Einsätze. Bei Jobs mit Einsätzen wählst du sie direkt bei der Bewerbung aus.{' '}
          <Link to="/jobs">Jetzt Jobs finden</Link>
        </p>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
      <ShiftGroup id="bestaetigt" title="Bestätigt" shifts={confirmed} onWithdraw={setAsking} />
      <ShiftGroup id="offen" title="Wartet auf Antwort" shifts={pending} onWithdraw={setAsking} />
      <ShiftGroup id="abgesagt" title="Vom Jobanbieter abgesagt" shifts={cancelled} onWithdraw={setAsking} />
      <WaitlistSection />
      <TimeRecordsSection />
      <WithdrawDialog shift={asking} onClose={() => setAsking(null)} onDone={setDone} />
      <CalendarFeed />
    </>
  );
}
