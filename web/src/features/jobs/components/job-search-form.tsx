// The job search form: "Was?", "Wo?" (a town chosen from the suggestions) and, on result pages,
// radius, release period, shift dates ("Einsatztage": heute, dieses Wochenende, nächste 7 Tage or
// a Zeitraum) and sorting. Submitting puts the filters into the address (see
// ../lib/search-params.ts), so the result can be shared and the back button works. One rule for
// the whole form: a filter below "Was?" and "Wo?" applies as it changes (a choice at once, a date
// when its field is left), together with whatever else is on screen; "Was?" and "Wo?" apply with
// "Jobs finden" or Enter, and
// `onDraft` tells the page what is on screen meanwhile (the job alert saves that). On a phone the
// filters below are folded behind "Filter" until tapped (issue 41, item 10: results first).
import { useEffect, useId, useState, type FocusEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PlaceAutocomplete, type ChosenPlace } from './place-autocomplete';
import { WhatAutocomplete } from './what-autocomplete';
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
  /** The filters on screen, each time they change (before they are applied). */
  onDraft?: (filters: JobFilters) => void;
};


/** Focus moves from one date of the Zeitraum to the other: the pair applies when it is left. */
function toOtherDate(event: FocusEvent<HTMLInputElement>): boolean {
  const next = event.relatedTarget as HTMLElement | null;
  return next?.dataset.filter === 'from' || next?.dataset.filter === 'to';
}

export const PLACE_NOT_CHOSEN = 'Bitte wähle einen Ort aus den Vorschlägen aus.';

function sameFilters(a: JobFilters, b: JobFilters): boolean {
  return (Object.keys(a) as (keyof JobFilters)[]).every((key) => a[key] === b[key]);
}

export function JobSearchForm({ action = '/jobs/suche', defaults = EMPTY_FILTERS, full, dark, onDraft }: Props) {
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
  // On a phone the filters below "Was?" and "Wo?" are folded, so the results start on the first
  // screen (wide screens always show them: job-search-form.module.css).
  const [unfolded, setUnfolded] = useState(false);
  // The address the fields were last filled from. When the address changes (a filter applied, the
  // back button, paging, a saved alert opened), the fields it changed follow it and the others keep
  // what is on screen: a second filter chosen while the first one's page is still being drawn is
  // not thrown away (the form is not drawn anew, so the focus also stays where it is).
  const [filledFrom, setFilledFrom] = useState(defaults);
  if (!sameFilters(filledFrom, defaults)) {
    setFilledFrom(defaults);
    const changed = (key: keyof JobFilters) => filledFrom[key] !== defaults[key];
    if (changed('was')) setWas(defaults.was);
    if (changed('wo') || changed('lat') || changed('lon')) {
      setPlaceText(defaults.lat !== null ? defaults.wo : '');
      setPlace(defaults.lat !== null && defaults.lon !== null ? { label: defaults.wo, lat: defaults.lat, lon: defaults.lon } : null);
    }
    if (changed('umkreis')) setUmkreis(defaults.umkreis);
    if (changed('seit')) setSeit(defaults.seit);
    if (changed('sortierung')) setSortierung(defaults.sortierung);
    if (changed('einsatz')) setEinsatz(defaults.einsatz);
    if (changed('von')) setVon(defaults.von);
    if (changed('bis')) setBis(defaults.bis);
  }
  const activeFilters = [defaults.seit, defaults.einsatz, defaults.sortierung].filter(Boolean).length;

  const onScreen = (changed: Partial<{ umkreis: number; seit: string; sortierung: string; einsatz: string; von: string; bis: string }> = {}): JobFilters => {
    const v = { place, umkreis, seit, sortierung, einsatz, von, bis, ...changed };
    return {
      was: was.trim(),
      wo: v.place?.label ?? '',
      lat: v.place?.lat ?? null,
      lon: v.place?.lon ?? null,
      umkreis: v.umkreis,
      seit: v.seit,
      sortierung: v.sortierung === 'distance' && !v.place ? '' : v.sortierung,
      seite: 1,
      einsatz: v.einsatz === 'zeitraum' && !v.von && !v.bis ? '' : v.einsatz,
      von: v.einsatz === 'zeitraum' ? v.von : '',
      bis: v.einsatz === 'zeitraum' ? v.bis : '',
    };
  };
  const draft = onScreen();
  const draftKey = filtersQuery(draft);
  const addressKey = filtersQuery(defaults);
  useEffect(() => {
    onDraft?.(draft);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per distinct draft and address
  }, [draftKey, addressKey]);

  /** Applies what is on screen with one value changed (a filter of the full form). */
  function apply(changed: Parameters<typeof onScreen>[0]) {
    if (!full) return;
    if (placeText.trim() && !place) return;   // a town typed, not chosen: "Jobs finden" says so
    const next = onScreen(changed);
    // "Zeitraum" without a date yet narrows nothing: it waits for the dates.
    if (changed?.einsatz === 'zeitraum' && !next.einsatz) return;
    void navigate(action + filtersQuery(next));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (placeText.trim() && !place) {
      setPlaceError(PLACE_NOT_CHOSEN);
      return;
    }
    setPlaceError('');
    void navigate(action + filtersQuery(draft));
  }

  return (
    <form className={`${styles.form} ${dark ? styles.dark : ''}`} role="search" aria-label="Jobsuche" onSubmit={onSubmit} noValidate>
      <div className={styles.main}>
        <WhatAutocomplete value={was} onChange={setWas} />
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
            <select id={`${id}-radius`} data-filter="radius" value={umkreis}
              onChange={(event) => { setUmkreis(Number(event.target.value)); if (place) apply({ umkreis: Number(event.target.value) }); }}>
              {DISTANCES_KM.map((km) => (
                <option key={km} value={km}>
                  {km} km
                </option>
              ))}
            </select>
          </div>
        )}
        {/* "Jobs finden" and, on a phone, "Filter" share one row: the results start higher. */}
        <div className={styles.actions}>
          <button className={form.yellow + ' ' + styles.submit} type="submit">
            Jobs finden
          </button>
          {full && (
            <button type="button" className={styles.fold} aria-expanded={unfolded} aria-controls={`${id}-filters`} onClick={() => setUnfolded(!unfolded)}>
              {unfolded ? 'Filter ausblenden' : activeFilters ? `Filter (${activeFilters} aktiv)` : 'Filter'}
            </button>
          )}
        </div>
      </div>
      {full && (
        <div id={`${id}-filters`} className={styles.extra} data-folded={!unfolded}>
          <div className={form.field}>
            <label htmlFor={`${id}-period`}>Veröffentlicht</label>
            <select id={`${id}-period`} data-filter="period" value={seit} onChange={(event) => { setSeit(event.target.value); apply({ seit: event.target.value }); }}>
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
            <select id={`${id}-shifts`} data-filter="shifts" value={einsatz} onChange={(event) => { setEinsatz(event.target.value); apply({ einsatz: event.target.value }); }}>
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
                <input id={`${id}-from`} data-filter="from" type="date" value={von} onChange={(event) => setVon(event.target.value)}
                  onBlur={(event) => { if (von !== defaults.von && !toOtherDate(event)) apply({}); }} />
              </div>
              <div className={form.field}>
                <label htmlFor={`${id}-to`}>Einsatz bis</label>
                <input id={`${id}-to`} data-filter="to" type="date" value={bis} min={von || undefined} onChange={(event) => setBis(event.target.value)}
                  onBlur={(event) => { if (bis !== defaults.bis && !toOtherDate(event)) apply({}); }} />
              </div>
            </>
          )}
          <div className={form.field}>
            <label htmlFor={`${id}-sort`}>Sortierung</label>
            <select id={`${id}-sort`} data-filter="sort" value={sortierung} onChange={(event) => { setSortierung(event.target.value); apply({ sortierung: event.target.value }); }}>
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
