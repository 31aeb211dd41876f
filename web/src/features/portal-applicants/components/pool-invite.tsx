// "In den Pool einladen" on an applicant (issue 42 item 4, issue 43 item 7): one click asks the
// candidate by mail to stay in the organization's pool (talent pool before the anonymization, or
// the pool of regulars after work). The server decides whether the application may be invited
// and answers why not ("Sie"); after the click the button is replaced by what happened.
import form from '@/shared/ui/form.module.css';
import { useInviteToPool } from '../api/pool';
import { fieldErrors, providerMessage } from '@/shared/portal/messages';

type Props = { organizationId: number; applicationId: number; nearingAnonymization: boolean; className?: string };

export function PoolInvite({ organizationId, applicationId, nearingAnonymization, className }: Props) {
  const invite = useInviteToPool(organizationId);
  if (invite.isSuccess)
    return (
      <p role="status" className={className}>
        Einladung verschickt. Sobald die Person zustimmt, sehen Sie sie in Ihrem Pool.
      </p>
    );
  return (
    <div className={className}>
      <button type="button" className={form.yellow} disabled={invite.isPending} onClick={() => invite.mutate(applicationId)}>
        {nearingAnonymization ? 'In den Talentpool einladen (12 Monate)' : 'In den Pool einladen'}
      </button>
      {invite.isError && <p role="alert">{fieldErrors(invite.error).application ?? providerMessage(invite.error)}</p>}
    </div>
  );
}
