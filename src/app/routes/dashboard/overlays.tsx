/**
 * The one place overlays join the dashboard. A feature issue registers its component here (e.g.
 * `pricing: PricingModal`); the shell then shows the matching menu item or opens it on demand.
 * Names with nothing registered stay hidden: the shell never shows a control that does nothing.
 * The exception is Get Premium, which SPEC §2 requires for every free company; until 'pricing' is
 * registered it is shown but opens nothing.
 */
import type { ComponentType } from 'react';
import { ChatPanel } from '../../../features/assistant/components/ChatPanel.tsx';
import { AccountSettingsModal } from '../../../features/auth/components/AccountSettingsModal.tsx';
import { BillingPortalOverlay } from '../../../features/billing/components/BillingPortalOverlay.tsx';
import { PricingModal } from '../../../features/billing/components/PricingModal.tsx';
import { AgencySettingsModal } from '../../../features/company/components/AgencySettingsModal.tsx';
import { UpsellModal } from '../../../features/billing/components/UpsellModal.tsx';
import { FeedbackModal } from '../../../features/feedback/components/FeedbackModal.tsx';
import { TutorialModal } from '../../../features/tutorial/components/TutorialModal.tsx';
import type { ChatPanelProps, OverlayRegistry } from './overlay-names.ts';

export const overlays: OverlayRegistry = {
  pricing: PricingModal,
  'billing-portal': BillingPortalOverlay,
  account: AccountSettingsModal,
  'agency-settings': AgencySettingsModal,
  upsell: UpsellModal,
  tutorial: TutorialModal,
  feedback: FeedbackModal,
};

/** The assistant's side panel; the sparkle button appears once one is registered. */
export const chatPanel: ComponentType<ChatPanelProps> | null = ChatPanel;
