import { lazy, Suspense, useEffect, useState } from 'react';
import { whenToastsWanted } from '../lib/toast';

const Toasts = lazy(() => import('./Toasts'));

/** Mounts the toast container (and loads its code and styles) when the first toast is asked for. */
export function ToastHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenToastsWanted(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
