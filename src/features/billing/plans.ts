/**
 * The two plans of SPEC §9 and when the dashboard offers Premium on its own. The database enforces
 * every limit (shifts, staff, assistant questions); these numbers only describe them.
 */
import { FREE_QUESTIONS_PER_MONTH, FREE_SHIFT_LIMIT, FREE_STAFF_LIMIT } from '@shared/config/plan-limits.ts';

import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';

export { FREE_QUESTIONS_PER_MONTH, FREE_SHIFT_LIMIT, FREE_STAFF_LIMIT };

export type PlanName = 'Free' | 'Premium';

export interface PlanFeature {
  label: string;
  /** Whether the plan includes it at all; a limited feature is included, with its limit in the label. */
  isIncluded: boolean;
}

/** The comparison of SPEC §9, plan by plan, in the same order so the boxes line up, in the person's language. */
export function planFeatures(
  plan: PlanName,
  t: Translate<DashboardKey>,
  freeQuestionsPerMonth = FREE_QUESTIONS_PER_MONTH,
): PlanFeature[] {
  if (plan === 'Free') {
    return [
      { label: t('billing.feature.shifts', { count: FREE_SHIFT_LIMIT }), isIncluded: true },
      { label: t('billing.feature.questions', { count: freeQuestionsPerMonth }), isIncluded: true },
      { label: t('billing.feature.staff', { count: FREE_STAFF_LIMIT }), isIncluded: true },
      { label: t('billing.feature.premiumBadge'), isIncluded: false },
      { label: t('billing.feature.support'), isIncluded: false },
    ];
  }
  return [
    { label: t('billing.feature.unlimitedShifts'), isIncluded: true },
    { label: t('billing.feature.unlimitedQuestions'), isIncluded: true },
    { label: t('billing.feature.unlimitedStaff'), isIncluded: true },
    { label: t('billing.feature.premiumBadge'), isIncluded: true },
    { label: t('billing.feature.support'), isIncluded: true },
  ];
}

interface PlanState {
  premium: boolean;
  free_shifts_used: number;
}

/**
 * SPEC §4: the pricing modal opens by itself when a free company has used its 10 free shifts, and
 * never for a premium one. "At or past" rather than "exactly 10": the database stops a free company
 * at 10, but one that posted more while premium and then cancelled is just as stuck.
 */
export function shouldPromptPremium(company: PlanState | null | undefined): boolean {
  return company != null && !company.premium && company.free_shifts_used >= FREE_SHIFT_LIMIT;
}
