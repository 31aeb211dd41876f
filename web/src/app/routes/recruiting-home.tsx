// The start page of the organization site (/recruiting) when the content system has no page
// `recruiting` (yet): what Jobhafen offers employers, and the ways to start. "Sie" throughout.
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '@/shared/lib/page-title';
import form from '@/shared/ui/form.module.css';
import styles from './message-page.module.css';

export function RecruitingHome() {
  usePageTitle('Personal finden für Promotion, Messe, Event und Gastronomie');
  const { pathname } = useLocation();
  return (
    <div className={styles.page}>
      <h1>Finden Sie Personal für Promotion, Messe, Event und Gastronomie</h1>
      <p>
        Jobhafen erreicht Promoter, Hostessen, Servicekräfte, Studierende und Rentner in ganz Deutschland, Österreich und der
        Schweiz. Schalten Sie Ihre Stellenanzeige in wenigen Minuten – die erste ist kostenlos.
      </p>
      <div className={form.row}>
        <Link className={form.yellow} to={`${pathname}?registrationWithJob=1`}>
          Kostenlos registrieren und Job inserieren
        </Link>
        <Link className={form.secondary} to={`${pathname}?generalContact=1&topic=project_request`}>
          Angebot anfragen
        </Link>
      </div>
      <ul>
        <li><Link to="/recruiting/stellenanzeigen-pakete">Stellenanzeigen-Pakete</Link></li>
        <li><Link to="/recruiting/bewerberdatenbank">Bewerberdatenbank</Link></li>
        <li><Link to="/recruiting/hr-wissen">HR-Wissen: Muster, Vorlagen und Tipps</Link></li>
      </ul>
    </div>
  );
}
