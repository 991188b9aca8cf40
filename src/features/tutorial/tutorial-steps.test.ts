import { describe, expect, it } from 'vitest';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import { TUTORIAL_STEPS, nextStep, previousStep, progressPercent } from './tutorial-steps.ts';

// The unit project compiles imported catalogues; a message without placeholders compiles to itself.
const raw = (catalogue: Record<string, unknown>, key: string): string => String(catalogue[key]);

describe('the tutorial steps', () => {
  it('walk through posting, following, staff joining, the assistant and plans, in that order', () => {
    expect(TUTORIAL_STEPS.map((s) => s.id)).toEqual([
      'post-shift',
      'shift-details',
      'company-code',
      'assistant',
      'plans',
    ]);
    // Short enough to read in a small dialog, in either language (French runs about 20% longer).
    for (const step of TUTORIAL_STEPS) {
      expect(raw(english, step.bodyKey).length).toBeLessThan(300);
      expect(raw(french, step.bodyKey).length).toBeLessThan(360);
    }
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
