import { beforeEach, describe, expect, it } from 'vitest';
import { clearSavedApplication, readSavedApplication, SAVED_APPLICATION_KEY, saveApplication } from './saved-application';

describe('saved application (SavedApplyJob)', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the job, the note and the chosen places under the key of the spec', () => {
    saveApplication({ id: 7, slug: 'promoter-hamburg', title: 'Promoter', notes: 'Hallo!', locations: [3] });
    expect(JSON.parse(localStorage.getItem(SAVED_APPLICATION_KEY)!)).toMatchObject({ id: 7, notes: 'Hallo!' });
    expect(readSavedApplication()).toEqual({ id: 7, slug: 'promoter-hamburg', title: 'Promoter', notes: 'Hallo!', locations: [3] });
    clearSavedApplication();
    expect(readSavedApplication()).toBeNull();
  });

  it('ignores broken or foreign values', () => {
    localStorage.setItem(SAVED_APPLICATION_KEY, '{not json');
    expect(readSavedApplication()).toBeNull();
    localStorage.setItem(SAVED_APPLICATION_KEY, JSON.stringify({ id: '7' }));
    expect(readSavedApplication()).toBeNull();
  });
});
