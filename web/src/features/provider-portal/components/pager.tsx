// Paging of a portal list: "Zurück", "Seite X von Y", "Weiter"; the page lives in the address.
import { Link } from 'react-router';
import styles from './portal.module.css';

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
