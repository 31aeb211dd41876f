// The recruitment-ad pixel (site-shell-and-providers.md section 7): a script loaded when a job
// detail is viewed, when a registration or application flow opens, and after an application.
// Off unless VITE_RECRUITMENT_PIXEL_URL is set at build time; called only from track(), so it
// waits for consent and stays silent while impersonating. The variant is the moment:
// `view`, `flow` or `conversion`, passed to the script as ?variant=…&job=….
import { config } from '@/shared/lib/config';

/** What the pixel reads of a tracked event's fields (track.ts's EventFields has them; named here, so
 * pixel.ts imports nothing of track.ts, which calls it). */
type PixelFields = { step?: string; jobPostingId?: number };

export function pixelVariant(event: string, fields: PixelFields): 'view' | 'flow' | 'conversion' | null {
  if (event === 'job_details_viewed') return 'view';
  if (event === 'job_applied_to') return 'conversion';
  if (event === 'flow_step' && fields.step === 'started') return 'flow';
  if (event === 'registration_dialog' && fields.step === 'opened') return 'flow';
  return null;
}

export function recruitmentPixel(event: string, fields: PixelFields): void {
  const base = config.recruitmentPixelUrl;
  const variant = pixelVariant(event, fields);
  if (!base || !variant) return;
  const src = new URL(base, window.location.href);
  src.searchParams.set('variant', variant);
  if (fields.jobPostingId) src.searchParams.set('job', String(fields.jobPostingId));
  const script = document.createElement('script');
  script.async = true;
  script.src = src.toString();
  document.head.appendChild(script);
}
