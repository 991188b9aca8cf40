import { useEffect } from 'react';
import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconRocket } from '@tabler/icons-react';
import { currencyForCountry, formatPlanPrice, PREMIUM_MONTHLY_PRICE } from '@shared/lib/currency.ts';
import type { BillingOverlayProps } from '../billing-company.ts';
import { useCheckout } from '../hooks/use-checkout.ts';

const PERKS = ['Unlimited shift coverage', 'Unlimited frontline staff', 'Unlimited AI assistant questions'];

/**
 * The premium upsell popup (SPEC §2): headline 'Go unlimited', text 'Unlock Premium', button
 * 'Go Premium', which starts checkout. Shown where a free plan limit is hit (shifts, staff, AI);
 * other features open it through the shell's overlay registry as 'upsell'.
 */
export function UpsellModal({ company, onClose }: BillingOverlayProps) {
  const { isStarting, startCheckout } = useCheckout();
  const price = formatPlanPrice(PREMIUM_MONTHLY_PRICE, currencyForCountry(company.country));

  useEffect(() => {
    if (company.premium) onClose();
  }, [company.premium, onClose]);

  return (
    <Modal.Root opened onClose={onClose} centered size={420} radius="lg" padding="xl">
      <Modal.Overlay />
      <Modal.Content aria-describedby="upsell-text">
        <Modal.Body>
          <Stack gap="md" align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="teal.7" aria-hidden="true">
              <IconRocket size={30} />
            </ThemeIcon>
            <Modal.Title component="h2" fz={26} fw={750}>
              Go unlimited
            </Modal.Title>
            <Stack gap={4} id="upsell-text">
              <Text fw={700} size="lg">
                Unlock Premium
              </Text>
              <Text size="sm" c="dimmed">
                You have reached a limit of the Free plan. Premium lifts every limit for {price} per month.
              </Text>
            </Stack>
            <List spacing={6} size="sm" center ta="left">
              {PERKS.map((perk) => (
                <List.Item
                  key={perk}
                  icon={
                    <ThemeIcon size={20} radius="xl" color="teal.7" aria-hidden="true">
                      <IconCheck size={13} stroke={3} />
                    </ThemeIcon>
                  }
                >
                  {perk}
                </List.Item>
              ))}
            </List>
            <Group grow w="100%" mt="xs" wrap="wrap-reverse">
              <Button variant="default" onClick={onClose} disabled={isStarting}>
                Not now
              </Button>
              <Button loading={isStarting} onClick={startCheckout} data-autofocus>
                Go Premium
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
