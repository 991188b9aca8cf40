import { describe, expect, it } from 'vitest';
import { FREE_QUESTIONS_PER_MONTH, FREE_SHIFT_LIMIT, planFeatures, shouldPromptPremium } from './plans.ts';
import { inFrench, t } from '../../i18n/testing.ts';

describe('the premium prompt', () => {
  it('opens for a free company that has used its 10 free shifts', () => {
    expect(FREE_SHIFT_LIMIT).toBe(10);
    expect(shouldPromptPremium({ premium: false, free_shifts_used: 10 })).toBe(true);
  });

  it('stays closed for a free company with shifts left', () => {
    expect(shouldPromptPremium({ premium: false, free_shifts_used: 0 })).toBe(false);
    expect(shouldPromptPremium({ premium: false, free_shifts_used: 9 })).toBe(false);
  });

  it('stays closed for a premium company, whatever it has posted', () => {
    expect(shouldPromptPremium({ premium: true, free_shifts_used: 10 })).toBe(false);
    expect(shouldPromptPremium({ premium: true, free_shifts_used: 250 })).toBe(false);
  });

  it('opens for a company back on the free plan past the limit', () => {
    expect(shouldPromptPremium({ premium: false, free_shifts_used: 14 })).toBe(true);
  });

  it('stays closed while the company is not loaded', () => {
    expect(shouldPromptPremium(null)).toBe(false);
    expect(shouldPromptPremium(undefined)).toBe(false);
  });
});

describe('the plan comparison', () => {
  it('lists the limits of SPEC §9 for Free and unlimited ones for Premium, row for row', () => {
    const free = planFeatures('Free', t).map((f) => f.label);
    const premium = planFeatures('Premium', t).map((f) => f.label);
    expect(free).toEqual([
      'Coverage of up to 10 shifts',
      `${FREE_QUESTIONS_PER_MONTH} AI assistant questions per month`,
      'Onboarding of up to 30 frontline staff',
      'Premium badge',
      'Personalised support',
    ]);
    expect(premium).toHaveLength(free.length);
    expect(planFeatures('Premium', t).every((f) => f.isIncluded)).toBe(true);
    expect(
      planFeatures('Free', t)
        .filter((f) => !f.isIncluded)
        .map((f) => f.label),
    ).toEqual(['Premium badge', 'Personalised support']);
  });

  it("shows the database's monthly question limit when it is known", () => {
    expect(FREE_QUESTIONS_PER_MONTH).toBe(25);
    expect(planFeatures('Free', t, 40)[1]?.label).toBe('40 AI assistant questions per month');
  });

  it('names them in French', () => {
    inFrench(() => {
      expect(planFeatures('Free', t).map((f) => f.label)).toEqual([
        'Couverture d’au plus 10 quarts',
        '25 questions à l’assistant IA par mois',
        'Intégration d’au plus 30 membres du personnel de première ligne',
        'Insigne Premium',
        'Soutien personnalisé',
      ]);
      expect(planFeatures('Free', t, 1)[1]?.label).toBe('1 question à l’assistant IA par mois');
    });
  });
});
