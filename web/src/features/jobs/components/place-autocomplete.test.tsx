// "Meinen Standort verwenden" when the device has no position or the lookup fails (the granted
// and refused cases run in Chromium, e2e/jobs.test.mjs).
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithQueries } from '@/testing/render-app';
import { GEO_MESSAGES, PlaceAutocomplete, type ChosenPlace } from './place-autocomplete';

function Field() {
  const [text, setText] = useState('');
  const [place, setPlace] = useState<ChosenPlace | null>(null);
  return <PlaceAutocomplete value={place} text={text} onTextChange={setText} onChange={setPlace} />;
}

const renderField = () => renderWithQueries(<Field />);

function stubPosition(outcome: { coords: { latitude: number; longitude: number } } | { code: number }) {
  const geolocation = {
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
      if ('coords' in outcome) ok(outcome as unknown as GeolocationPosition);
      else fail({ code: outcome.code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: '' } as GeolocationPositionError);
    },
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('use my position', () => {
  it('says so when the device has no position', async () => {
    stubPosition({ code: 2 });
    renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    expect(await screen.findByText(GEO_MESSAGES.unavailable)).toBeTruthy();
  });

  it('says so when the user refused', async () => {
    stubPosition({ code: 1 });
    renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    expect(await screen.findByText(GEO_MESSAGES.denied)).toBeTruthy();
  });

  it('says so when the lookup of the town fails', async () => {
    stubPosition({ coords: { latitude: 60, longitude: 5 } });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(jsonResponse(404, { status: 404 }))));
    renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    expect(await screen.findByText(GEO_MESSAGES.error)).toBeTruthy();
  });

  it('fills in the nearest town', async () => {
    stubPosition({ coords: { latitude: 50.94, longitude: 6.96 } });
    const fetchMock = vi.fn((_input: RequestInfo | URL) =>
      Promise.resolve(jsonResponse(200, { id: 1, name: 'Köln', label: 'Köln, Nordrhein-Westfalen, Deutschland', type: 'city', country: 'de', lat: 50.93, lon: 6.95 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderField();
    fireEvent.click(screen.getByRole('button', { name: 'Meinen Standort verwenden' }));
    await screen.findByDisplayValue('Köln, Nordrhein-Westfalen, Deutschland');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/places/reverse?lat=50.94&lon=6.96');
  });
});
