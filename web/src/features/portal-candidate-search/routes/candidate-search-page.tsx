// /recruiting/portal/bewerberdatenbank: the candidate search (Bewerberdatenbank) for organizations
// that booked it. Filters (activity, place with the job search's autocomplete, radius, employment
// status, working time) live in the address, so a search can be bookmarked and paged (?seite=).
// Cards show what the server shows: first name, initial, age band, city, activities and
// completeness, never contact data. Organizations without the product get an explanation.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useReferenceList } from '@/shared/api/reference-lists';
import form from '@/shared/ui/form.module.css';
import { PageLoading } from '@/shared/ui/page-loading';
import { candidateSearchQueryOptions, CANDIDATES_PER_PAGE, type CandidateCard, type CandidateFilter } from '../api/candidate-search';
import type { OrganizationMember } from '@/shared/portal/member';
import { SelectField } from '@/shared/portal/fields';
import { Pager } from '@/shared/ui/pager';
import { PortalFrame } from '@/shared/portal/portal-frame';
import styles from '@/shared/portal/portal.module.css';
import { providerMessage } from '@/shared/portal/messages';
import { PORTAL, portalPath } from '@/shared/portal/paths';
import type { PlaceFieldProps } from '@/shared/portal/place-field';

/** [value, German label] of a list the candidate's profile uses (employment status, working times). */
export type Labels = readonly (readonly [string, string])[];

export type CandidateSearchProps = {
  renderPlace: (props: PlaceFieldProps) => ReactNode;
  employmentStatuses: Labels;
  workingTimes: Labels;
};

export const RADII = [10, 25, 50, 100, 250] as const;
const DEFAULT_RADIUS = 50;

export const STATUS_LABELS: Record<string, string> = {
  viewed: 'Angesehen',
  contacted: 'Kontaktiert',
  shortlisted: 'Vorgemerkt',
  declined: 'Abgelehnt',
};

export const labelOf = (labels: Labels, value: string | null | undefined) => (value ? (labels.find(([v]) => v === value)?.[1] ?? value) : null);

/** Shown instead of the search to an organization that has not booked it. */
export function NotBooked() {
  return (
    <div className={styles.notice} role="status">
      <p>
        <strong>Die Bewerberdatenbank ist für Ihr Unternehmen noch nicht freigeschaltet.</strong>
      </p>
      <p>
        Mit der Bewerberdatenbank finden Sie Promoter, Hostessen und Eventkräfte, die sich von Jobanbietern finden lassen möchten – nach Tätigkeit, Ort und Umkreis,
        Beschäftigungsstatus und Verfügbarkeit. Sie schreiben die Personen über Jobhafen an; ihre Kontaktdaten bleiben geschützt, bis sie Ihnen antworten.
      </p>
      <p>
        Mehr dazu lesen Sie auf der Seite <Link to="/recruiting/bewerberdatenbank">Bewerberdatenbank</Link>. Sprechen Sie uns gerne an, wenn Sie sie nutzen möchten:{' '}
        <Link to="/recruiting/kontaktdaten">Kontakt</Link>
      </p>
    </div>
  );
}

/** The filter of the address (?taetigkeit=&ort=&lat=&lon=&umkreis=&status=&zeit=&seite=). */
function filterOf(params: URLSearchParams): CandidateFilter & { place: string } {
  const number = (name: string) => {
    const v = Number.parseFloat(params.get(name) ?? '');
    return Number.isFinite(v) ? v : undefined;
  };
  const lat = number('lat');
  const lon = number('lon');
  const hasPlace = lat !== undefined && lon !== undefined;
  const radius = number('umkreis');
  return {
    activity: params.get('taetigkeit') || undefined,
    lat: hasPlace ? lat : undefined,
    lon: hasPlace ? lon : undefined,
    distance: hasPlace ? (RADII.find((r) => r === radius) ?? DEFAULT_RADIUS) : undefined,
    employmentStatus: params.get('status') || undefined,
    workingTime: params.get('zeit') || undefined,
    page: Math.max(1, Number.parseInt(params.get('seite') ?? '1', 10) || 1),
    place: hasPlace ? (params.get('ort') ?? '') : '',
  };
}

function addressOf(f: { activity?: string; place?: string; lat?: number; lon?: number; distance?: number; employmentStatus?: string; workingTime?: string }, page = 1) {
  const query = new URLSearchParams();
  if (f.activity) query.set('taetigkeit', f.activity);
  if (f.lat !== undefined && f.lon !== undefined) {
    query.set('ort', f.place ?? '');
    query.set('lat', String(f.lat));
    query.set('lon', String(f.lon));
    query.set('umkreis', String(f.distance ?? DEFAULT_RADIUS));
  }
  if (f.employmentStatus) query.set('status', f.employmentStatus);
  if (f.workingTime) query.set('zeit', f.workingTime);
  if (page > 1) query.set('seite', String(page));
  const text = query.toString();
  return `${PORTAL}/bewerberdatenbank${text ? `?${text}` : ''}`;
}

export function CandidateSearchPage(props: CandidateSearchProps) {
  return <PortalFrame title="Bewerberdatenbank">{(member) => (member.organization.candidateSearch ? <Search member={member} {...props} /> : <NotBooked />)}</PortalFrame>;
}

function Search({ member, renderPlace, employmentStatuses, workingTimes }: CandidateSearchProps & { member: OrganizationMember }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filter = filterOf(params);
  const activities = useReferenceList('activities');
  const organizationId = member.organization.id;
  const list = useQuery({ ...candidateSearchQueryOptions(organizationId, filter), enabled: member.canAct });

  // The form's own state; the address changes only on "Suchen".
  const [activity, setActivity] = useState(filter.activity ?? '');
  const [place, setPlace] = useState(filter.lat !== undefined ? { label: filter.place, lat: filter.lat, lon: filter.lon! } : null);
  const [placeText, setPlaceText] = useState(filter.place);
  const [radius, setRadius] = useState(String(filter.distance ?? DEFAULT_RADIUS));
  const [status, setStatus] = useState(filter.employmentStatus ?? '');
  const [time, setTime] = useState(filter.workingTime ?? '');
  const [placeError, setPlaceError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (placeText.trim() && !place) {
      setPlaceError('Bitte wählen Sie einen Ort aus der Vorschlagsliste.');
      return;
    }
    setPlaceError(undefined);
    void navigate(
      addressOf({
        activity: activity || undefined,
        place: place?.label,
        lat: place?.lat,
        lon: place?.lon,
        distance: Number(radius),
        employmentStatus: status || undefined,
        workingTime: time || undefined,
      }),
    );
  }

  if (!member.canAct) return <p>Sobald Ihr Zugang freigeschaltet ist, können Sie hier nach Bewerberinnen und Bewerbern suchen.</p>;
  const items = list.data?.['hydra:member'] ?? [];
  return (
    <>
      <form className={styles.form} onSubmit={submit} role="search" aria-label="Bewerber suchen">
        <div className={form.row}>
          <SelectField label="Tätigkeit" value={activity} onChange={(e) => setActivity(e.target.value)} empty="Alle Tätigkeiten" options={activities.map((a) => [a.code, a.name])} />
          {renderPlace({
            label: 'Ort',
            value: place,
            text: placeText,
            onTextChange: (text) => {
              setPlaceText(text);
              if (!text.trim()) setPlace(null);
            },
            onChange: (chosen) => {
              setPlace(chosen);
              setPlaceError(undefined);
            },
            error: placeError,
          })}
          <SelectField label="Umkreis" value={radius} onChange={(e) => setRadius(e.target.value)} options={RADII.map((r) => [String(r), `${r} km`])} />
        </div>
        <div className={form.row}>
          <SelectField label="Beschäftigungsstatus" value={status} onChange={(e) => setStatus(e.target.value)} empty="Alle" options={employmentStatuses.map(([v, l]) => [v, l])} />
          <SelectField label="Verfügbarkeit" value={time} onChange={(e) => setTime(e.target.value)} empty="Egal" options={workingTimes.map(([v, l]) => [v, l])} />
        </div>
        <div className={form.row}>
          <button type="submit" className={form.yellow}>
            Suchen
          </button>
        </div>
      </form>
      {list.isPending && <PageLoading />}
      {list.isError && <p role="alert">{providerMessage(list.error, 'Die Suche hat leider nicht geklappt. Bitte versuchen Sie es noch einmal.')}</p>}
      {list.data && (
        <p aria-live="polite">
          {list.data['hydra:totalItems'] === 1 ? '1 Person gefunden' : `${list.data['hydra:totalItems']} Personen gefunden`}
        </p>
      )}
      {list.data && items.length === 0 && <p>Mit diesen Filtern haben wir niemanden gefunden. Versuchen Sie einen größeren Umkreis oder weniger Filter.</p>}
      {items.length > 0 && (
        <ul className={styles.jobs} aria-busy={list.isFetching}>
          {items.map((card) => (
            <Card key={card.id} card={card} employmentStatuses={employmentStatuses} />
          ))}
        </ul>
      )}
      {list.data && (
        <Pager page={filter.page} total={list.data['hydra:totalItems']} perPage={CANDIDATES_PER_PAGE} href={(p) => addressOf(filter, p)} />
      )}
    </>
  );
}

export function candidateName(card: Pick<CandidateCard, 'firstName' | 'lastNameInitial'>) {
  return [card.firstName, card.lastNameInitial].filter(Boolean).join(' ') || 'Ohne Namen';
}

function Card({ card, employmentStatuses }: { card: CandidateCard; employmentStatuses: Labels }) {
  return (
    <li className={styles.job}>
      <h2>
        <Link to={portalPath.candidate(card.id)}>{candidateName(card)}</Link>
        {STATUS_LABELS[card.searchStatus] && <span className={styles.badge}>{STATUS_LABELS[card.searchStatus]}</span>}
      </h2>
      <p className={styles.meta}>
        {[
          card.ageBand && `${card.ageBand} Jahre`,
          card.city ?? 'Ort unbekannt',
          card.distanceKm !== null && (card.distanceKm < 0.5 ? 'am Ort' : `${card.distanceKm.toLocaleString('de-DE')} km entfernt`),
          labelOf(employmentStatuses, card.employmentStatus),
          `Profil zu ${card.completenessPercent} % vollständig`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {card.activities.length > 0 && <p>{card.activities.map((a) => a.name).join(', ')}</p>}
    </li>
  );
}
