// The job editor's channels (issue 44 item 5; docs/reach.md, "Kanäle pro Anzeige"): one checkbox
// per channel the operator offers, with what it costs per ad and what it does; Jobhafen itself is
// checked and cannot be unchecked. A job without a choice yet shows the server's default (every
// free channel) and sends nothing until the provider changes it.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorLine } from '@/shared/ui/choices';
import styles from '@/shared/portal/portal.module.css';
import { channelCost, checkedChannels, publicationChannelsQueryOptions } from '../api/publication-channels';

type Props = {
  /** The slugs chosen; null: no choice made yet (the server's default). */
  value: string[] | null;
  onChange: (value: string[]) => void;
  error?: string;
};

export function ChannelChoices({ value, onChange, error }: Props) {
  const id = useId();
  const channels = useQuery(publicationChannelsQueryOptions());
  const offered = channels.data ?? [];
  const checked = checkedChannels(value, offered);
  // Jobhafen is never taken out, whatever the browser lets a click on a disabled box do.
  const toggle = (slug: string, on: boolean) => {
    if (offered.some((c) => c.slug === slug && c.alwaysOn)) return;
    onChange(on ? [...checked, slug] : checked.filter((s) => s !== slug));
  };
  return (
    <fieldset className={styles.fieldset} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Kanäle</legend>
      <p className={styles.meta}>Wählen Sie, wo Ihre Anzeige außer auf Jobhafen erscheint. Die Kosten gelten pro Anzeige.</p>
      {channels.isPending && <p className={styles.meta}>Die Kanäle werden geladen …</p>}
      {channels.isError && <p className={styles.meta}>Die Kanäle konnten gerade nicht geladen werden. Ihre bisherige Auswahl bleibt erhalten.</p>}
      {offered.map((channel) => (
        <div key={channel.slug}>
          <label>
            <input
              type="checkbox"
              name={`channel-${channel.slug}`}
              checked={checked.includes(channel.slug)}
              disabled={channel.alwaysOn}
              onChange={(e) => toggle(channel.slug, e.target.checked)}
              aria-describedby={`${id}-${channel.slug}`}
            />{' '}
            {channel.name} – {channelCost(channel)}
          </label>
          <p id={`${id}-${channel.slug}`} className={styles.meta}>
            {channel.alwaysOn ? `${channel.description} Immer dabei.` : channel.description}
          </p>
        </div>
      ))}
      <ErrorLine id={`${id}-error`} error={error} />
    </fieldset>
  );
}
