// Fixture: a feature that imports only itself and shared/.
import { heartIcon } from '@/shared/heart-icon';

export const jobCard = () => `Job ${heartIcon}`;
