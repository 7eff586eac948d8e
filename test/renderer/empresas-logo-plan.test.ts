import { describe, expect, it } from 'vitest';

import { resizePlan } from '../../renderer/src/components/company/logo-resize';

describe('logo resize plan', () => {
  it('starts at the size that should just fit and only shrinks from there', () => {
    const plan = resizePlan('image/png', 800 * 1024, 200 * 1024);
    expect(plan[0].scale).toBeCloseTo(0.475, 3);
    expect(plan.every((step) => step.quality === undefined)).toBe(true);
    for (let i = 1; i < plan.length; i++) expect(plan[i].scale).toBeLessThan(plan[i - 1].scale);
  });

  it('tries JPEG quality steps at each size, best first', () => {
    const plan = resizePlan('image/jpeg', 150 * 1024, 200 * 1024);
    expect(plan.slice(0, 4)).toEqual([
      { scale: 1, quality: 0.9 },
      { scale: 1, quality: 0.8 },
      { scale: 1, quality: 0.7 },
      { scale: 1, quality: 0.6 },
    ]);
    expect(plan[4].scale).toBeLessThan(1);
  });
});
