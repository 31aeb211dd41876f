// Fixture: an API module that imports the keys, which import its type back.
import { keys } from './keys';

export type JobState = 'draft' | 'published';
export const jobListKey = (state: JobState) => keys.jobs(state);
