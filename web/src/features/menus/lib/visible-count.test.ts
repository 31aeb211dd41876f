import { describe, expect, it } from 'vitest';
import { splitMenu, visibleMenuCount } from './visible-count';

describe('visible menu items by window width', () => {
  it.each([
    [1920, 5],
    [1360, 5],
    [1359, 3],
    [1100, 3],
    [1099, 2],
    [360, 2],
  ])('candidate menu at %i px shows %i', (width, visible) => {
    expect(visibleMenuCount('candidate', width)).toBe(visible);
  });

  it.each([
    [2560, 6],
    [1800, 6],
    [1799, 4],
    [1400, 4],
    [1399, 3],
    [1100, 3],
    [1099, 2],
    [390, 2],
  ])('organization menu at %i px shows %i', (width, visible) => {
    expect(visibleMenuCount('organization', width)).toBe(visible);
  });

  it('puts the rest under "Mehr" in their order', () => {
    expect(splitMenu(['a', 'b', 'c', 'd'], 3)).toEqual({ shown: ['a', 'b', 'c'], more: ['d'] });
    expect(splitMenu(['a', 'b'], 5)).toEqual({ shown: ['a', 'b'], more: [] });
  });
});
