// Fixture: the deliberate violation, shared/ reaching into app/.
import { page } from '@/app/router';

export const everything = page;
