import { useLayoutEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { showError } from '@shared/lib/toast.ts';
import { createPortalSession } from '../api/create-portal-session.ts';
import type { BillingOverlayProps } from '../billing-company.ts';
import { useT } from '../../../i18n/use-t.ts';
import { BillingError, billingError, billingErrorText } from '../billing-errors.ts';
import { PricingModal } from './PricingModal.tsx';

type Step = { name: 'opening' } | { name: 'ready' | 'blocked'; url: string } | { name: 'plans' };

/**
 * Payments & Plan (SPEC §2): opens the Stripe billing portal in a new tab. Popup blockers allow a
 * new tab only during the click, and the portal's URL arrives later, so a blank tab is opened at
 * once (this overlay mounts in the click's own task) and sent to the portal when the URL is known.
 * If the browser blocked even that, the URL is offered as a link. A free company gets no blank tab
 * (it usually has no billing to manage and was shown a tab that closed again): its portal is asked
 * for first and offered as a link, or, for a company that never paid, the plans are shown.
 */
export function BillingPortalOverlay({ company, onClose }: BillingOverlayProps) {
  const t = useT();
  const [step, setStep] = useState<Step>({ name: 'opening' });
  const hasStarted = useRef(false);

  // A layout effect runs synchronously in the commit of the click's update, inside its user activation.
  useLayoutEffect(() => {
    if (hasStarted.current) return; // StrictMode runs effects twice in development.
    hasStarted.current = true;
    const tab = company.premium ? window.open('', '_blank') : null;
    createPortalSession()
      .then((url) => {
        if (tab && !tab.closed) {
          tab.opener = null; // The portal must not be able to script the dashboard.
          tab.location.href = url;
          onClose();
        } else {
          setStep({ name: company.premium ? 'blocked' : 'ready', url });
        }
      })
      .catch((error: unknown) => {
        tab?.close();
        const failure = error instanceof BillingError ? error : billingError('portal', undefined, undefined);
        showError(billingErrorText(failure, t));
        if (failure.kind === 'not-subscribed') setStep({ name: 'plans' });
        else onClose();
      });
  }, [company.premium, onClose, t]);

  if (step.name === 'plans') return <PricingModal company={company} onClose={onClose} />;

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('profileMenu.billing')}
      centered
      size={420}
      radius="lg"
      closeButtonProps={{ 'aria-label': t('billing.close') }}
    >
      {step.name === 'opening' ? (
        <Group gap="sm" wrap="nowrap" role="status">
          <Loader size="sm" />
          <Text>{t('billing.portal.opening')}</Text>
        </Group>
      ) : (
        <Stack gap="md">
          <Text>{step.name === 'blocked' ? t('billing.portal.blocked') : t('billing.portal.ready')}</Text>
          <Button
            component="a"
            href={step.url}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={16} aria-hidden="true" />}
            onClick={onClose}
          >
            {t('billing.portal.open')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
