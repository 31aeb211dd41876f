import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponseTimeNote, responseTimeText } from './response-time';

describe('response time', () => {
  it('words hours, days and weeks, rounded up', () => {
    expect(responseTimeText(0.2)).toBe('antwortet meist innerhalb einer Stunde');
    expect(responseTimeText(1)).toBe('antwortet meist innerhalb einer Stunde');
    expect(responseTimeText(5.5)).toBe('antwortet meist innerhalb von 6 Stunden');
    expect(responseTimeText(23.5)).toBe('antwortet meist innerhalb eines Tages');
    expect(responseTimeText(24)).toBe('antwortet meist innerhalb eines Tages');
    expect(responseTimeText(25)).toBe('antwortet meist innerhalb von 2 Tagen');
    expect(responseTimeText(13 * 24)).toBe('antwortet meist innerhalb von 13 Tagen');
    expect(responseTimeText(14 * 24)).toBe('antwortet meist innerhalb von 2 Wochen');
    expect(responseTimeText(30 * 24)).toBe('antwortet meist innerhalb von 5 Wochen');
  });

  it('shows the sentence with the organization in front, or capitalised alone', () => {
    const withName = render(<ResponseTimeNote value={{ medianHours: 31.5, applications: 12 }} subject="Schnelle Agentur GmbH" />);
    const note = withName.getByTestId('response-time');
    expect(note.textContent).toBe('Schnelle Agentur GmbH antwortet meist innerhalb von 2 Tagen.');
    expect(note.getAttribute('title')).toBe('Mittlerer Wert aus 12 Bewerbungen der letzten 90 Tage');
    withName.unmount();
    const alone = render(<ResponseTimeNote value={{ medianHours: 3, applications: 5 }} />);
    expect(alone.getByTestId('response-time').textContent).toBe('Antwortet meist innerhalb von 3 Stunden.');
  });

  it('shows nothing without a figure or with fewer than five applications', () => {
    expect(render(<ResponseTimeNote value={null} />).container.textContent).toBe('');
    expect(render(<ResponseTimeNote value={{ medianHours: 3, applications: 4 }} />).container.textContent).toBe('');
  });
});
