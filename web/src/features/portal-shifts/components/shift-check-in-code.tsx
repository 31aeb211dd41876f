// The shift's QR code on the portal (issue 43, item 2; docs/shifts.md "Checking in and out by QR
// code"): drawn in the browser from the signed address the server gives (qrcode-generator, no
// image from elsewhere), with the shift, how long the code counts, and "Drucken" for a sheet to
// hang up at the entrance. The workers scan it with their phones: the first scan checks in, the
// second checks out. No location is involved.
import qrcode from 'qrcode-generator';
import { useMemo } from 'react';
import { errorMessage } from '@/shared/api/error-message';
import form from '@/shared/ui/form.module.css';
import { useCheckInCode } from '../api/check-in-code';

/** The dark modules of a QR code for `text` as one SVG path (one unit per module, 4 modules' quiet zone). */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  let d = '';
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
  return { size: n + 8, d };
}

const clock = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

export function ShiftCheckInCode({ shiftId }: { shiftId: number }) {
  const code = useCheckInCode(shiftId);
  const qr = useMemo(() => (code.data ? qrPath(code.data.url) : null), [code.data]);
  if (code.isPending) return <p>QR-Code wird erstellt …</p>;
  if (code.isError) return <p role="alert">{errorMessage(code.error, 'Der QR-Code konnte gerade nicht erstellt werden.')}</p>;
  const { data } = code;
  return (
    <figure aria-label="QR-Code zum Ein- und Auschecken">
      {qr && (
        <svg role="img" aria-label={`QR-Code für ${data.label}`} viewBox={`0 0 ${qr.size} ${qr.size}`} width="240" height="240" shapeRendering="crispEdges">
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.d} fill="#000" />
        </svg>
      )}
      <figcaption>
        <strong>{data.job.title}</strong> – {data.label}
        <br />
        Einchecken und Auschecken: den Code mit dem Handy scannen (erster Scan bei Beginn, zweiter am Ende). Gültig vom{' '}
        {clock.format(new Date(data.validFrom))} bis {clock.format(new Date(data.validUntil))} Uhr.
      </figcaption>
      <button type="button" className={form.secondary} onClick={() => window.print()}>
        Drucken
      </button>
    </figure>
  );
}
