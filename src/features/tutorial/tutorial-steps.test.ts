import { describe, expect, it } from 'vitest';
import { TUTORIAL_STEPS, nextStep, previousStep, progressPercent } from './tutorial-steps.ts';

describe('the tutorial steps', () => {
  it('walk through posting, following, staff joining, the assistant and plans, in that order', () => {
    expect(TUTORIAL_STEPS.map((s) => s.id)).toEqual([
      'post-shift',
      'shift-details',
      'company-code',
      'assistant',
      'plans',
    ]);
    for (const step of TUTORIAL_STEPS) expect(step.body.length).toBeLessThan(300);
  });

  it('go forward until the last step, then finish', () => {
    expect(nextStep(0)).toBe(1);
    expect(nextStep(3)).toBe(4);
    expect(nextStep(4)).toBeNull();
  });

  it('go back, but not before the first step', () => {
    expect(previousStep(4)).toBe(3);
    expect(previousStep(0)).toBe(0);
  });

  it('report progress from the first step to 100% on the last', () => {
    expect(progressPercent(0)).toBe(20);
    expect(progressPercent(4)).toBe(100);
  });
});
