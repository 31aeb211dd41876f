// The job search form: "Was?", "Wo?" (a town chosen from the suggestions) and, on result pages,
// radius, release period, shift dates ("Einsatztage": heute, dieses Wochenende, nächste 7 Tage or
// a Zeitraum) and sorting. Submitting puts the filters into the address (see
// ../lib/search-params.ts), so the result can be shared and the back button works.
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PlaceAutocomplete, type ChosenPlace } from './place-autocomplete';
import form from '@/shared/ui/form.module.css';
import { DISTANCES_KM, EMPTY_FILTERS, filtersQuery, RELEASE_PERIODS, SHIFT_CHOICES, SORTINGS, type JobFilters } from '../lib/search-params';
import styles from './job-search-form.module.css';

type Props = {
  /** Path the search goes to; default /jobs/suche. */
  action?: string;
  defaults?: JobFilters;
  /** Radius, release period and sorting (result pages). */
  full?: boolean;
  /** Light text on the dark hero. */
  dark?: boolean;
};

export const PLACE_NOT_CHOSEN = 'Bitte wähle einen Ort aus den Vorschlägen aus.';

export function JobSearchForm({ action = '/jobs/suche', defaults = EMPTY_FILTERS, full, dark }: Props) {
  const navigate = useNavigate();
  const id = useId();
  const [was, setWas] = useState(defaults.was);
  const [placeText, setPlaceText] = useState(defaults.lat !== null ? defaults.wo : '');
  const [place, setPlace] = useState<ChosenPlace | null>(
    defaults.lat !== null && defaults.lon !== null ? { label: defaults.wo, lat: defaults.lat, lon: defaults.lon } : null,
  );
  const [umkreis, setUmkreis] = useState(defaults.umkreis);
  const [seit, setSeit] = useState(defaults.seit);
  const [sortierung, setSortierung] = useState(defaults.sortierung);
  const [einsatz, setEinsatz] = useState(defaults.einsatz);
  const [von, setVon] = useState(defaults.von);
  const [bis, setBis] = useState(defaults.bis);
  const [placeError, setPlaceError] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (placeText.trim() && !place) {
      setPlaceError(PLACE_NOT_CHOSEN);
      return;
    }
    setPlaceError('');
    const filters: JobFilters = {
      was: was.trim(),
      wo: place?.label ?? '',
      lat: place?.lat ?? null,
      lon: place?.lon ?? null,
      umkreis,
      seit,
      sortierung: sortierung === 'distance' && !place ? '' : sortierung,
      seite: 1,
      einsatz: einsatz === 'zeitraum' && !von && !bis ? '' : einsatz,
      von: einsatz === 'zeitraum' ? von : '',
      bis: einsatz === 'zeitraum' ? bis : '',
    };
    void navigate(action + filtersQuery(filters));
  }

  return (
    <form className={`${styles.form} ${dark ? styles.dark : ''}`} role="search" aria-label="Jobsuche" onSubmit={onSubmit} noValidate>
      <div className={styles.main}>
        <div className={form.field}>
          <label htmlFor={`${id}-was`}>Was?</label>
          <input
            id={`${id}-was`}
            type="search"
            value={was}
            onChange={(event) => setWas(event.target.value)}
            placeholder="Job, Tätigkeit oder Stichwort"
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <PlaceAutocomplete
          value={place}
          text={placeText}
          onTextChange={(text) => {
            setPlaceText(text);
            if (placeError) setPlaceError('');
          }}
          onChange={setPlace}
          error={placeError}
          dark={dark}
        />
        {full && (
          <div className={form.field}>
            <label htmlFor={`${id}-radius`}>Umkreis</label>
            <select id={`${id}-radius`} value={umkreis} onChange={(event) => setUmkreis(Number(event.target.value))}>
              {DISTANCES_KM.map((km) => (
                <option key={km} value={km}>
                  {km} km
                </option>
              ))}
            </select>
          </div>
        )}
        <button className={form.yellow + ' ' + styles.submit} type="submit">
          Jobs finden
        </button>
      </div>
      {full && (
        <div className={styles.extra}>
          <div className={form.field}>
            <label htmlFor={`${id}-period`}>Veröffentlicht</label>
            <select id={`${id}-period`} value={seit} onChange={(event) => setSeit(event.target.value)}>
              <option value="">Beliebig</option>
              {RELEASE_PERIODS.map((period) => (
                <option key={period.value} value={period.value}>
                  {period.label}
                </option>
              ))}
            </select>
          </div>
          <div className={form.field}>
            <label htmlFor={`${id}-shifts`}>Einsatztage</label>
            <select id={`${id}-shifts`} value={einsatz} onChange={(event) => setEinsatz(event.target.value)}>
              <option value="">Beliebig</option>
              {SHIFT_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          {einsatz === 'zeitraum' && (
            <>
              <div className={form.field}>
                <label htmlFor={`${id}-from`}>Einsatz von</label>
                <input id={`${id}-from`} type="date" value={von} onChange={(event) => setVon(event.target.value)} />
              </div>
              <div className={form.field}>
                <label htmlFor={`${id}-to`}>Einsatz bis</label>
                <input id={`${id}-to`} type="date" value={bis} min={von || undefined} onChange={(event) => setBis(event.target.value)} />
              </div>
            </>
          )}
          <div className={form.field}>
            <label htmlFor={`${id}-sort`}>Sortierung</label>
            <select id={`${id}-sort`} value={sortierung} onChange={(event) => setSortierung(event.target.value)}>
              {SORTINGS.filter((sort) => sort.value !== 'distance' || place).map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
    </form>
  );
}
