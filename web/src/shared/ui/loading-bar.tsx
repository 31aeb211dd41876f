// The thin bar at the top while pages or data load. It appears only when loading takes longer
// than the 200 ms throttle (fast answers never flash it), creeps towards the end over the nominal
// 5000 ms, and disappears 500 ms after loading finished.
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import styles from './loading-bar.module.css';

export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 5000;
export const LOADING_HIDE_DELAY_MS = 500;

export function LoadingBar() {
  const fetching = useIsFetching() > 0;
  const navigating = useNavigation().state !== 'idle';
  const busy = fetching || navigating;
  const [phase, setPhase] = useState<'hidden' | 'running' | 'done'>('hidden');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), LOADING_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'running' ? 'done' : current));
    const timer = setTimeout(() => setPhase('hidden'), LOADING_HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  if (phase === 'hidden') return null;
  return (
    <div
      className={`${styles.bar} ${phase === 'done' ? styles.done : ''}`}
      style={{ animationDuration: `${LOADING_DURATION_MS}ms` }}
      role="progressbar"
      aria-label="Seite wird geladen"
    />
  );
}
