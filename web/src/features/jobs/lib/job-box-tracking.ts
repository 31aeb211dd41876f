// The tracking of job boxes (site-shell-and-providers.md, section 7): a click on a job in a box
// (the start page's new jobs, a content page's job box) is `job_details_clicked` of type job_box.
import { track } from '@/shared/tracking/track';

export const trackJobBoxOpen = (job: { id: number }) => track('job_details_clicked', { jobPostingId: job.id, type: 'job_box' });
