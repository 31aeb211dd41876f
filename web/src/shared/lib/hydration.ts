// Whether the page is past hydration. A prerendered page (scripts/prerender.mjs) is taken over by
// React with hydrateRoot, whose first render must draw exactly what the build drew. Whatever
// depends on the browser (the window's width, cookies) or on data the build did not have (the
// jobs of a job box, the signed-in account) reads this first: false during the prerender and the
// hydrating render, true right after, and true at once in an app started without prerendered HTML.
//
// The switch to true is a transition of each component after its own hydration (not one
// synchronous re-render of everything), so React does it in slices and the page stays responsive;
// a component inside a Suspense boundary that hydrates later switches only after it has.
import { startTransition, useEffect, useState } from 'react';

let fromHtml = false;

/** The page is being drawn as HTML (the prerender) or taken over from it (main.tsx, before hydrateRoot). */
export function startFromHtml(): void {
  fromHtml = true;
}

/** After the first navigation nothing is hydrated any more: new components draw at once. */
export function hydrationOver(): void {
  fromHtml = false;
}

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !fromHtml);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
