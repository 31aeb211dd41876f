// The application a visitor started before signing in, kept in localStorage under SavedApplyJob
// (spec) so that it resumes after login (?loginApply) or registration (?successRegister).
export const SAVED_APPLICATION_KEY = 'SavedApplyJob';

export type SavedApplication = {
  id: number;
  slug: string;
  title: string;
  /** What the visitor already wrote and chose, so nothing is typed twice. */
  notes?: string;
  locations?: number[];
  /** The shifts (Einsätze) picked, sent with the registration or the application. */
  shifts?: number[];
  /** Sent together with the registration (register_and_apply_on_job): only the notice is left. */
  registered?: boolean;
};

export function readSavedApplication(): SavedApplication | null {
  try {
    const value = JSON.parse(localStorage.getItem(SAVED_APPLICATION_KEY) ?? 'null') as SavedApplication | null;
    return value && typeof value.id === 'number' && typeof value.slug === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function saveApplication(job: SavedApplication) {
  try {
    localStorage.setItem(SAVED_APPLICATION_KEY, JSON.stringify(job));
  } catch {
    // private mode without storage: the visitor starts the application again after signing in
  }
}

export function clearSavedApplication() {
  try {
    localStorage.removeItem(SAVED_APPLICATION_KEY);
  } catch {
    // nothing stored
  }
}
