// Fixture: the deliberate violation, a feature importing another feature through `@/`.
import { favoriteButton } from '@/features/favorites/favorite-button';

export const jobCard = () => `Job ${favoriteButton()}`;
