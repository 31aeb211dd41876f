import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { JOB_TYPES } from '@/features/jobs/lib/job-types';
import { DEFAULT_TITLE } from '@/shared/lib/page-title';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('start page', () => {
  it('shows the hero heading and intro', () => {
    renderApp('/');

    expect(screen.getByRole('heading', { level: 1, name: 'Finde deinen nächsten Job' })).toBeTruthy();
    expect(screen.getByText(/Promotion-, Messe-, Event-, Gastro-, .* und Nebenjobs/)).toBeTruthy();
    expect(document.title).toBe(DEFAULT_TITLE);
  });

  it('has a search form with labelled inputs and a submit button', () => {
    renderApp('/');

    const form = screen.getByRole('search', { name: 'Jobsuche' });
    expect(within(form).getByLabelText('Was?')).toHaveProperty('type', 'search');
    // "Wo?" only accepts a place chosen from the suggestions: a combobox.
    expect(within(form).getByRole('combobox', { name: 'Wo?' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Jobs finden' })).toHaveProperty('type', 'submit');
  });

  it('links every job type', () => {
    renderApp('/');

    for (const jobType of JOB_TYPES) {
      expect(screen.getByRole('link', { name: jobType.label }).getAttribute('href')).toBe(jobType.path);
    }
  });

  it('has the landmarks and the footer credits', () => {
    renderApp('/');

    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    for (const name of ['Impressum', 'Datenschutz', 'AGB und Nutzungsbedingungen']) {
      expect(within(footer).getByRole('link', { name })).toBeTruthy();
    }
    expect(footer.textContent).toContain('Ortsdaten: GeoNames (CC BY 4.0)');
  });
});
