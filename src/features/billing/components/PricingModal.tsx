import { useEffect } from 'react';
import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCrown } from '@tabler/icons-react';
import {
  currencyForCountry,
  formatPlanPrice,
  FREE_MONTHLY_PRICE,
  PREMIUM_MONTHLY_PRICE,
} from '@shared/lib/currency.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { BillingOverlayProps } from '../billing-company.ts';
import { useCheckout } from '../hooks/use-checkout.ts';
import { useFreeQuestionLimit } from '../hooks/use-free-question-limit.ts';
import { planFeatures } from '../plans.ts';
import { PlanCard } from './PlanCard.tsx';

/**
 * The upgrade plan screen (SPEC §2, §9): Free, the current plan, disabled; Premium, marked popular,
 * at 499 a month in the company's currency. Choosing Premium starts checkout with a loader on the
 * button. Registered in the shell's overlays as 'pricing'; it closes itself once the company is premium.
 */
export function PricingModal({ company, onClose }: BillingOverlayProps) {
  const t = useT();
  const { locale } = useLocale();
  const { isStarting, startCheckout } = useCheckout();
  const freeQuestions = useFreeQuestionLimit();
  const currency = currencyForCountry(company.country);
  // On a phone the two boxes stack: the whole screen leaves Premium's button one short scroll away.
  const isPhone = useMediaQuery('(max-width: 36em)');

  useEffect(() => {
    if (company.premium) onClose();
  }, [company.premium, onClose]);

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('billing.pricing.title')}
      size={760}
      fullScreen={isPhone}
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': t('billing.close') }}
      styles={{ title: { fontWeight: 750, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="lg">
        <Text c="dimmed" size="sm">
          {t('billing.pricing.intro')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PlanCard
            id="free"
            name={t('billing.plan.free')}
            price={formatPlanPrice(FREE_MONTHLY_PRICE, currency, locale)}
            description={t('billing.plan.freeDescription')}
            features={planFeatures('Free', t, freeQuestions)}
            isCurrent
            action={
              <Button variant="default" disabled fullWidth>
                {t('billing.plan.current')}
              </Button>
            }
          />
          <PlanCard
            id="premium"
            name={t('plan.premium')}
            price={formatPlanPrice(PREMIUM_MONTHLY_PRICE, currency, locale)}
            description={t('billing.plan.premiumDescription')}
            features={planFeatures('Premium', t)}
            isPopular
            action={
              <Button
                fullWidth
                leftSection={<IconCrown size={18} aria-hidden="true" />}
                loading={isStarting}
                onClick={startCheckout}
              >
                {t('billing.plan.upgrade')}
              </Button>
            }
          />
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
