// /einchecken?code=…, the address in a shift's QR code (issue 43, item 2; docs/shifts.md "Checking
// in and out by QR code"), phone first, "du". Opening it sends the scan once: the first scan
// checks in, the second checks out and puts start, end and break into "Deine Zeiten" on
// /meine-einsaetze. The server's refusals (another shift's code, an expired code, not confirmed
// for this shift) are shown as they come. Sign-in comes first (AccountFrame).
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '@/shared/api/error-message';
import { PageLoading } from '@/shared/ui/page-loading';
import { useScanCheckIn, type CheckInResult } from '../api/check-in';

function hours(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${h} Std.` : `${h} Std. ${m} Min.`;
}

function Done({ result }: { result: CheckInResult }) {
  const r = result.record;
  return (
    <>
      <p>
        <strong>{result.job.title}</strong> bei {result.organization}
        <br />
        {result.label}
      </p>
      {result.action === 'checked_in' ? (
        <p role="status">
          Du bist eingecheckt – seit {result.checkedIn} Uhr. Scanne den Code am Ende deines Einsatzes noch einmal, um auszuchecken.
        </p>
      ) : (
        <p role="status">
          Du bist ausgecheckt. Deine Zeiten: {r?.start}–{r?.end} Uhr, {r?.breakMinutes ?? 0} Minuten Pause ({hours(r?.workedMinutes ?? 0)}).
          Der Jobanbieter prüft sie noch.
        </p>
      )}
    </>
  );
}

export function CheckInPage() {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const scan = useScanCheckIn();
  const sent = useRef(false);
  useEffect(() => {
    // Once per opening: a reloaded page is the same scan again, which the server tells apart.
    if (sent.current || !code) return;
    sent.current = true;
    scan.mutate(code);
  }, [code, scan]);
  if (!code) return <p role="alert">In diesem Link fehlt der Code. Bitte scanne den QR-Code deines Einsatzes noch einmal.</p>;
  if (scan.isIdle || scan.isPending) return <PageLoading />;
  return (
    <>
      {scan.isSuccess ? (
        <Done result={scan.data} />
      ) : (
        <p role="alert">{errorMessage(scan.error, 'Das hat gerade nicht geklappt. Bitte scanne den Code gleich noch einmal.')}</p>
      )}
      <p>
        <Link to="/meine-einsaetze">Zu deinen Einsätzen und Zeiten</Link>
      </p>
    </>
  );
}
