// Fixture: query keys that take a type from the API module that imports them (a cycle, type-only).
import type { JobState } from './jobs';

export const keys = { jobs: (state: JobState) => ['jobs', state] as const };
