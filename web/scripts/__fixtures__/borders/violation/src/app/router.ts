// Fixture: app/ composes features.
import { favoriteButton } from '@/features/favorites/favorite-button';
import { jobCard } from '@/features/jobs/job-card';

export const page = () => [jobCard(), favoriteButton()].join('\n');
