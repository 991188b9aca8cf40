import type { ComponentType } from 'react';
import type { Company } from '../../../features/company/api/fetch-company.ts';

/**
 * The shell's overlay slots. 'pricing' is the upgrade (pricing) modal, opened by Get Premium, by
 * the premium prompt (free plan at its 10 shifts) and by the plan-limit refusal; the others are the
 * profile menu's Payments & Plan, Account settings, Agency settings, Tutorial and Feedback. 'upsell' is the premium upsell popup ('Go
 * unlimited') that a section opens where a free plan limit (shifts, staff, AI) is hit.
 */
export type OverlayName =
  'pricing' | 'billing-portal' | 'account' | 'agency-settings' | 'tutorial' | 'feedback' | 'upsell';

export interface OverlayProps {
  company: Company;
  onClose: () => void;
}

export interface ChatPanelProps {
  company: Company;
  /** Starts the panel's 220 ms closing animation; the shell unmounts it afterwards. */
  onClose: () => void;
  /** Opens the upsell popup (the assistant offers Go Premium when the free plan's questions run out). */
  onGoPremium?: () => void;
}

export type OverlayRegistry = Partial<Record<OverlayName, ComponentType<OverlayProps>>>;
