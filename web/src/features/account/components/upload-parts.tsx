// What the three upload pages (/meine-bilder, /meine-videos, /meine-dokumente) have in common beside
// the upload form: choosing what kind of file it is, and deleting an upload with the page's own
// sentence when that fails. Each page keeps its kinds, addresses, events and words.
import { useState } from 'react';
import { api } from '@/shared/api/client';
import { track, type TrackedEvent } from '@/shared/tracking/track';
import form from '@/shared/ui/form.module.css';
import type { Option } from '../lib/options';

type KindSelectProps = { id: string; label: string; options: readonly Option[]; value: string; onChange: (value: string) => void };

/** A labelled choice among `options` (value, German label): the upload form's extra field. */
export function KindSelect({ id, label, options, value, onChange }: KindSelectProps) {
  return (
    <div className={form.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </div>
  );
}

/**
 * Deletes the upload `id` (DELETE `${path}/{id}`), tracks `event` as deleted and calls `onRemoved`;
 * `error` is `failed` after a failure and empty again at the next try.
 */
export function useRemoveUpload(path: string, event: TrackedEvent, failed: string, onRemoved: () => void) {
  const [error, setError] = useState('');
  async function remove(id: number) {
    setError('');
    try {
      await api.delete(`${path}/${id}`);
      track(event, { type: 'deleted' });
      onRemoved();
    } catch {
      setError(failed);
    }
  }
  return { remove, error };
}
