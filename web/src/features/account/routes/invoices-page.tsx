// /myInvoices: the candidate's invoices (GET /api/legacy_billing) with their state and the PDF.
import { useQuery } from '@tanstack/react-query';
import form from '@/shared/ui/form.module.css';
import { accountKeys, getInvoices, type Invoice } from '../api/account-api';
import { AccountFrame } from '../components/account-frame';
import { formatDate, formatEuro } from '../lib/format';
import styles from './account-pages.module.css';

export function InvoicesPage() {
  return <AccountFrame title="Meine Rechnungen">{() => <Invoices />}</AccountFrame>;
}

const stateOf = (i: Invoice) =>
  i.paid ? `Bezahlt am ${formatDate(i.paid)}` : i.followedUp ? `Erinnert am ${formatDate(i.followedUp)}` : i.sent ? `Versendet am ${formatDate(i.sent)}` : 'Entwurf';

function Invoices() {
  const invoices = useQuery({ queryKey: accountKeys.invoices(), queryFn: ({ signal }) => getInvoices(signal) });
  if (invoices.isError) return <p className={form.error} role="alert">Deine Rechnungen konnten gerade nicht geladen werden. Bitte versuche es später noch einmal.</p>;
  if (!invoices.data) return null;
  if (invoices.data.length === 0) return <p>Du hast noch keine Rechnungen.</p>;
  return (
    <ul className={styles.list} aria-label="Deine Rechnungen">
      {invoices.data.map((i) => (
        <li key={i.id} className={styles.row}>
          <h3>Rechnung {i.number} vom {formatDate(i.date)}</h3>
          <span>an {i.recipient}</span>
          <span>{formatEuro(i.totalCents)}</span>
          <span className={`${styles.badge} ${i.paid ? '' : styles.badgeWarn}`}>{stateOf(i)}</span>
          <a className={form.secondary} href={`/api/legacy_billing/print/${i.id}`} download>PDF herunterladen</a>
        </li>
      ))}
    </ul>
  );
}
