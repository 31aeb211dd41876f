// "Wo?": a combobox (WAI-ARIA 1.2 pattern) that suggests towns as the user types and only
// counts as filled once a suggestion is chosen (the search needs coordinates). "Meinen Standort
// verwenden" asks the browser for the position and looks up the nearest town; a refusal, an
// unavailable position and a failed search each get their own message.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import form from '@/shared/ui/form.module.css';
import { autocompleteQueryOptions, reversePlace, type Place } from '../api/places';
import { useCombobox, useDebounced } from '../lib/use-combobox';
import styles from './place-autocomplete.module.css';

/** `id` and `name` identify the place for forms that store it (a job's location). */
export type ChosenPlace = { label: string; lat: number; lon: number; id?: number; name?: string };

type Props = {
  label?: string;
  value: ChosenPlace | null;
  /** The text in the field, kept by the parent so a typed-but-not-chosen place can be refused. */
  text: string;
  onTextChange: (text: string) => void;
  onChange: (place: ChosenPlace | null) => void;
  error?: string;
  dark?: boolean;
  /** Offers "Meinen Standort verwenden" (a search near the user); off where a place is entered for others. */
  locate?: boolean;
  /** The failed-search message, e.g. addressing providers with "Sie". */
  searchError?: string;
};

export const GEO_MESSAGES = {
  denied: 'Du hast den Zugriff auf deinen Standort nicht erlaubt. Bitte gib einen Ort ein.',
  unavailable: 'Dein Standort ist gerade nicht verfügbar. Bitte gib einen Ort ein.',
  error: 'Die Ortssuche hat leider nicht geklappt. Bitte versuche es noch einmal.',
} as const;

function placeLabel(place: Place): string {
  return place.label || place.name;
}

export function PlaceAutocomplete({ label = 'Wo?', value, text, onTextChange, onChange, error, dark, locate = true, searchError = GEO_MESSAGES.error }: Props) {
  const [geoMessage, setGeoMessage] = useState('');
  const [locating, setLocating] = useState(false);
  const box = useCombobox((place: Place) => {
    const chosenPlace = { label: placeLabel(place), lat: place.lat, lon: place.lon, id: place.id, name: place.name };
    onTextChange(chosenPlace.label);
    onChange(chosenPlace);
  });
  const term = useDebounced(text.trim(), 200);
  const chosen = value !== null && value.label === text;
  const suggestions = useQuery({ ...autocompleteQueryOptions(term), enabled: box.open && !chosen && term.length >= 2 });
  const options = suggestions.data ?? [];

  function useMyPosition() {
    setGeoMessage('');
    if (!('geolocation' in navigator)) {
      setGeoMessage(GEO_MESSAGES.unavailable);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const place = await reversePlace(position.coords.latitude, position.coords.longitude);
          box.choose(place);
        } catch {
          setGeoMessage(GEO_MESSAGES.error);
        } finally {
          setLocating(false);
        }
      },
      (failure) => {
        setLocating(false);
        setGeoMessage(failure.code === failure.PERMISSION_DENIED ? GEO_MESSAGES.denied : GEO_MESSAGES.unavailable);
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  const showList = box.open && !chosen && term.length >= 2;
  const messageId = `${box.inputId}-message`;
  return (
    <div className={`${form.field} ${styles.root} ${dark ? styles.dark : ''}`}>
      <label htmlFor={box.inputId}>{label}</label>
      <input
        {...box.inputProps(showList, options)}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={error || geoMessage ? messageId : undefined}
        placeholder="Ort oder PLZ"
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          if (value) onChange(null);
          box.typed();
        }}
      />
      <ul id={box.listId} role="listbox" aria-label="Ortsvorschläge" className={styles.list} hidden={!showList}>
        {suggestions.isError && <li className={styles.note}>{searchError}</li>}
        {suggestions.isSuccess && options.length === 0 && <li className={styles.note}>Kein Ort gefunden.</li>}
        {options.map((place, index) => (
          <li
            key={place.id}
            {...box.optionProps(index, place)}
            className={`${styles.option} ${index === box.active ? styles.active : ''}`}
          >
            {placeLabel(place)}
          </li>
        ))}
      </ul>
      {locate && (
        <button type="button" className={styles.locate} onClick={useMyPosition} disabled={locating}>
          {locating ? 'Standort wird ermittelt …' : 'Meinen Standort verwenden'}
        </button>
      )}
      {(error || geoMessage) && (
        <p id={messageId} className={form.error} role="alert">
          {error || geoMessage}
        </p>
      )}
    </div>
  );
}
