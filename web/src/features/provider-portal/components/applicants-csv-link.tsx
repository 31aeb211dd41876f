// The download of one job's applicants as a CSV file for Excel (docs/providers.md, "Pipeline
// tools"): only what applying shares, no notes or ratings. A plain link from our own page: the
// server refuses the download when another site starts it.
import { applicantsCsvUrl } from '../api/pipeline';
import form from '@/shared/ui/form.module.css';

export function ApplicantsCsvLink({ organizationId, jobId }: { organizationId: number; jobId: number }) {
  return (
    <p>
      <a className={form.secondary} href={applicantsCsvUrl(organizationId, jobId)} download>
        Bewerbungen dieser Stellenanzeige als CSV herunterladen
      </a>
    </p>
  );
}
