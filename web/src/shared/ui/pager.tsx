// Paging of a list: "Zurück", "Seite X von Y", "Weiter"; the page lives in the address. Used by the
// portal's lists and the candidate's own lists (/meine-bewerbungen, /meine-favoriten).
import { Link } from 'react-router';
import styles from './pager.module.css';

type Props = { page: number; total: number; perPage: number; href: (page: number) => string };

export function Pager({ page, total, perPage, href }: Props) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Seiten">
      {page > 1 ? <Link to={href(page - 1)}>« Zurück</Link> : <span aria-hidden="true">« Zurück</span>}
      <span>
        Seite {page} von {pages}
      </span>
      {page < pages ? <Link to={href(page + 1)}>Weiter »</Link> : <span aria-hidden="true">Weiter »</span>}
    </nav>
  );
}

/** The page of a list from the address's ?seite= (1 when missing or not a page number). */
export function pageOf(params: URLSearchParams): number {
  const n = Number(params.get('seite'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
