// How many main menu items fit next to each other at a window width; the rest go under "Mehr"
// (site-shell-and-providers.md, section 2: candidate 5/3/2, organization 6/4/3/2).
export type Audience = 'candidate' | 'organization';

const STEPS: Record<Audience, ReadonlyArray<readonly [minWidth: number, visible: number]>> = {
  candidate: [
    [1360, 5],
    [1100, 3],
    [0, 2],
  ],
  organization: [
    [1800, 6],
    [1400, 4],
    [1100, 3],
    [0, 2],
  ],
};

export function visibleMenuCount(audience: Audience, width: number): number {
  for (const [minWidth, visible] of STEPS[audience]) if (width >= minWidth) return visible;
  return 2;
}

export function splitMenu<T>(items: readonly T[], visible: number): { shown: T[]; more: T[] } {
  return { shown: items.slice(0, visible), more: items.slice(visible) };
}
