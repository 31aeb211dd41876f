// "Teilen": the device's share sheet where there is one, otherwise a dialog with links (the
// social ones open a 626 × 436 popup, as the spec says) and "Link kopieren". Sending the job by
// e-mail is offered only with the toggle send_jobs_via_email.
import { useState } from 'react';
import { useFeature } from '@/shared/lib/features';
import { Dialog } from '@/shared/ui/dialog';
import form from '@/shared/ui/form.module.css';

type Props = { open: boolean; onClose: () => void; title: string; url: string };

function popup(href: string) {
  window.open(href, 'share', 'width=626,height=436,noopener');
}

export function ShareDialog({ open, onClose, title, url }: Props) {
  const [copied, setCopied] = useState(false);
  const byEmail = useFeature('send_jobs_via_email');
  const encoded = encodeURIComponent(url);
  const text = encodeURIComponent(`${title} – ${url}`);
  return (
    <Dialog open={open} onClose={onClose} title="Job teilen">
      <div className={form.row}>
        <button type="button" className={form.secondary} onClick={() => popup(`https://wa.me/?text=${text}`)}>
          WhatsApp
        </button>
        <button type="button" className={form.secondary} onClick={() => popup(`https://www.facebook.com/sharer/sharer.php?u=${encoded}`)}>
          Facebook
        </button>
        {byEmail && (
          <a className={form.secondary} href={`mailto:?subject=${encodeURIComponent(title)}&body=${text}`}>
            E-Mail
          </a>
        )}
        <button
          type="button"
          className={form.secondary}
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(url);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          Link kopieren
        </button>
      </div>
      {copied && <p role="status">Der Link ist in deiner Zwischenablage.</p>}
    </Dialog>
  );
}
