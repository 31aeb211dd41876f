// One line of a refused action's message, and where the quota's refusal (409 on publishing more
// ads than the organization's quota allows) leads on: the ad packages page (issue 29). The quota is
// recognised by the server's own wording ("… oder erweitern Sie Ihr Kontingent.", docs/providers.md).
import { Link } from 'react-router';
import { portalPath } from './paths';

export const isQuotaRefusal = (line: string) => line.includes('Kontingent');

export function RefusalLine({ line }: { line: string }) {
  return (
    <>
      <p>{line}</p>
      {isQuotaRefusal(line) && (
        <p>
          <Link to={portalPath.packages()}>Stellenanzeigen-Pakete ansehen</Link>
        </p>
      )}
    </>
  );
}
