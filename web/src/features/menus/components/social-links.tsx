// The social links of the menus data (footer and mobile drawer): external, in a new tab.
import type { SocialLink } from '../lib/types';

type Props = { links: SocialLink[]; className?: string; linkClassName?: string };

export function SocialLinks({ links, className, linkClassName }: Props) {
  return (
    <ul className={className} aria-label="Jobhafen in sozialen Netzwerken">
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} target="_blank" rel="noopener noreferrer" className={linkClassName}>
            {link.label}
            <span className="visually-hidden"> (öffnet in neuem Tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
