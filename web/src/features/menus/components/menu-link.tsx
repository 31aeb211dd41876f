// One menu entry as a link: an app route, an external link (new tab when the entry says so), a
// dialog opened by query string (organization menu), or a heading for `middle` entries.
import { Link, useLocation } from 'react-router';
import { resolveTarget } from '../lib/resolve-target';
import type { MenuEntry } from '../lib/types';
import type { Audience } from '../lib/visible-count';

type Props = { entry: MenuEntry; audience: Audience; className?: string; onNavigate?: () => void };

export function MenuLink({ entry, audience, className, onNavigate }: Props) {
  const { pathname } = useLocation();
  if (entry.type === 'middle') return <span className={className} role="presentation"><strong>{entry.text}</strong></span>;
  if (entry.type === 'dialog' && entry.dialogUrl) {
    return (
      <Link className={className} to={pathname + entry.dialogUrl} onClick={onNavigate} title={entry.title}>
        {entry.text}
      </Link>
    );
  }
  const target = resolveTarget(entry, audience);
  if (target.kind === 'route') {
    return (
      <Link className={className} to={target.to} onClick={onNavigate} title={entry.title}>
        {entry.text}
      </Link>
    );
  }
  if (target.kind === 'external') {
    const newTab = target.target === '_blank';
    return (
      <a className={className} href={target.href} target={target.target} rel={newTab ? 'noopener noreferrer' : undefined} title={entry.title}>
        {entry.text}
        {newTab && <span className="visually-hidden"> (öffnet in neuem Tab)</span>}
      </a>
    );
  }
  return <span className={className}>{entry.text}</span>;
}
