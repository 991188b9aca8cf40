import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { formatInstant } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import type { Agency } from '../api/fetch-agencies.ts';
import { leaveAgency } from '../api/leave-agency.ts';

/** The agencies the worker works for, each with Leave (after a confirmation). */
export function AgencyList({ agencies, onLeft }: { agencies: Agency[]; onLeft: () => void }) {
  const t = useT();
  const errorText = useStaffErrorText();
  const { locale } = useLocale();
  const [leaving, setLeaving] = useState<Agency | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const confirmLeave = async () => {
    if (!leaving) return;
    setIsSaving(true);
    try {
      await leaveAgency(leaving.companyId);
      showSuccess(t('staff.agencies.leftText', { name: leaving.name }), t('staff.agencies.leftTitle'));
      setLeaving(null);
      onLeft();
    } catch (caught) {
      showError(errorText(caught), t('staff.agencies.leaveFailed'));
    } finally {
      setIsSaving(false);
    }
  };

  if (agencies.length === 0) {
    return <Text c="dimmed">{t('staff.agencies.none')}</Text>;
  }
  return (
    <>
      <Stack
        gap="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label={t('staff.agencies.listLabel')}
      >
        {agencies.map((agency) => (
          <li key={agency.companyId}>
            <Card withBorder padding="md">
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} truncate>
                    {agency.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('staff.agencies.joined', { date: formatInstant(agency.joinedAt, { locale, style: 'date' }) })}
                  </Text>
                </div>
                <Button
                  variant="default"
                  color="red"
                  style={{ flexShrink: 0 }}
                  onClick={() => setLeaving(agency)}
                  aria-label={t('staff.agencies.leaveLabel', { name: agency.name })}
                >
                  {t('staff.agencies.leave')}
                </Button>
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
      <ConfirmDialog
        isOpen={leaving !== null}
        isSubmitting={isSaving}
        title={t('staff.agencies.leaveTitle', { name: leaving?.name ?? t('staff.agencies.thisAgency') })}
        message={t('staff.agencies.leaveText')}
        confirmLabel={t('staff.agencies.leaveConfirm')}
        cancelLabel={t('staff.common.cancel')}
        confirmColor="red.8"
        onConfirm={() => void confirmLeave()}
        onCancel={() => setLeaving(null)}
      />
    </>
  );
}
