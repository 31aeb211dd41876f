// Fixture: the deliberate violation with a relative path.
import { jobCard } from '../jobs/job-card';

export const jobLink = () => `→ ${jobCard()}`;
