// The job-details content section (docs/content.md): the job the section names (`job`, a slug or
// id) or the route's (/jobs/{slug}, e.g. on the inactive-job page), drawn as on its detail page with
// a link there. A job that cannot be shown (unknown, inactive) leaves the section out.
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import type { SectionProps } from '@/features/content/components/content-sections';
import { SectionFrame, sectionTitle } from '@/features/content/components/sections/kit';
import { jobDetailQueryOptions } from '@/features/jobs/api/jobs';
import { JobDetailBody } from '@/features/jobs/components/job-detail-body';
import form from '@/shared/ui/form.module.css';

export function JobDetailsSection(props: SectionProps) {
  const params = useParams();
  const { pathname } = useLocation();
  const own = props.section.job;
  const wanted = typeof own === 'string' || typeof own === 'number' ? String(own) : pathname.startsWith('/jobs/') ? (params.slug ?? '') : '';
  const job = useQuery({ ...jobDetailQueryOptions(wanted), enabled: wanted !== '' });
  if (!job.data) return null;
  return (
    <SectionFrame {...props}>
      <JobDetailBody job={job.data} titleAs={props.headingLevel === 1 && !sectionTitle(props.section) ? 'h1' : 'h2'}
        actions={<Link className={form.yellow} to={`/jobs/${job.data.slug || job.data.id}`}>Zum Job</Link>} />
    </SectionFrame>
  );
}
