// The download of the applicants as a CSV file for Excel (docs/providers.md, "Pipeline tools"):
// one job's when a job is chosen, else those of all the organization's jobs (issue 41); only what
// applying shares (no notes or ratings), with the chosen shifts, their states and the confirmed
// ones. A plain link from our own page: the server refuses the download when another site starts it.
import { applicantsCsvUrl } from '../api/pipeline';
import form from '@/shared/ui/form.module.css';

export function ApplicantsCsvLink({ organizationId, jobId }: { organizationId: number; jobId?: number }) {
  return (
    <p>
      <a className={form.secondary} href={applicantsCsvUrl(organizationId, jobId)} download>
        {jobId ? 'Bewerbungen dieser Stellenanzeige als CSV herunterladen' : 'Bewerbungen aller Stellenanzeigen als CSV herunterladen'}
      </a>
    </p>
  );
}
