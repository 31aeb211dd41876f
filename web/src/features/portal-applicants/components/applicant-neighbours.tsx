// "Vorherige(r)" / "Nächste(r)" on an applicant's page: the applicants beside this one in the
// list it was opened from (its job and status filter travel in the address), asked from the
// server, which knows the list's order (docs/providers.md, "Pipeline tools").
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { neighboursQueryOptions, type NeighbourFilter } from '../api/pipeline';
import { portalPath } from '@/shared/portal/paths';
import styles from './pipeline.module.css';

type Props = { organizationId: number; applicationId: number; filter: NeighbourFilter };

const nameOf = (n: { firstName: string; lastName: string }) => `${n.firstName} ${n.lastName}`.trim() || 'Bewerbung';

export function ApplicantNeighbours({ organizationId, applicationId, filter }: Props) {
  const neighbours = useQuery(neighboursQueryOptions(organizationId, applicationId, filter));
  const list = { job: filter.jobPosting, status: filter.status };
  const { previous, next } = neighbours.data ?? { previous: null, next: null };
  if (!previous && !next) return null;
  return (
    <nav className={styles.neighbours} aria-label="Weitere Bewerbungen der Liste">
      {previous ? (
        <Link to={portalPath.applicant(previous.id, list)} rel="prev">
          « Vorherige(r): {nameOf(previous)}
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <Link to={portalPath.applicant(next.id, list)} rel="next">
          Nächste(r): {nameOf(next)} »
        </Link>
      )}
    </nav>
  );
}
