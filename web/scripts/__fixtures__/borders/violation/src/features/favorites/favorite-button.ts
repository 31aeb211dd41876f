// Fixture: a feature that uses shared/ only.
import { heartIcon } from '@/shared/heart-icon';

export const favoriteButton = () => `${heartIcon} Merken`;
