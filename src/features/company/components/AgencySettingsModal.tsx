import { useState } from 'react';
import { Button, Modal, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import type { Company } from '../api/fetch-company.ts';
import { saveNoShowSettings } from '../api/save-no-show-settings.ts';
import { REPOST_AFTER_MAX, REPOST_AFTER_MIN, validateRepostAfter } from '../no-show-settings.ts';

interface AgencySettingsModalProps {
  company: Company;
  onClose: () => void;
}

/** The profile menu's Agency settings: how the agency handles workers who do not turn up. Full screen on a phone. */
export function AgencySettingsModal({ company, onClose }: AgencySettingsModalProps) {
  const [isOpen, setIsOpen] = useState(true);
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const form = useForm<{ repostAfter: number | string; isAutomatic: boolean }>({
    mode: 'controlled',
    initialValues: {
      repostAfter: company.no_show_repost_after_minutes,
      isAutomatic: company.auto_repost_no_shows,
    },
    validate: { repostAfter: validateRepostAfter },
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      await saveNoShowSettings(company.id, {
        no_show_repost_after_minutes: Number(values.repostAfter),
        auto_repost_no_shows: values.isAutomatic,
      });
      showSuccess('Agency settings saved');
      setIsOpen(false);
    } catch (error) {
      showError(errorMessage(error), 'Agency settings were not saved');
    }
  });

  const minutes = validateRepostAfter(form.values.repostAfter) ? null : Number(form.values.repostAfter);
  return (
    <Modal
      opened={isOpen}
      onClose={() => setIsOpen(false)}
      onExitTransitionEnd={onClose}
      title="Agency settings"
      size="md"
      radius={isPhone ? 0 : 'lg'}
      fullScreen={isPhone}
      centered={!isPhone}
      closeButtonProps={{ 'aria-label': 'Close agency settings' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby="no-show-settings-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="no-show-settings-title">
              No-shows
            </Title>
            <Text size="sm" c="dimmed">
              A worker who has not clocked in 10 minutes after the start of their shift is reminded in CareCover Staff,
              and the shift is flagged on Shift Details.
            </Text>
          </div>
          <NumberInput
            label="Re-post from"
            description="Minutes after the start of the shift. Before then, Re-post waits."
            min={REPOST_AFTER_MIN}
            max={REPOST_AFTER_MAX}
            step={5}
            allowDecimal={false}
            clampBehavior="none"
            suffix=" mins"
            withAsterisk
            {...form.getInputProps('repostAfter')}
          />
          <Switch
            label="Re-post automatically"
            description={
              minutes
                ? `${minutes} minutes after the start, CareCover releases the worker, records a no-show and offers the shift to your other staff without asking.`
                : 'At that time, CareCover releases the worker, records a no-show and offers the shift to your other staff without asking.'
            }
            {...form.getInputProps('isAutomatic', { type: 'checkbox' })}
          />
          <Button type="submit" disabled={form.submitting} style={{ alignSelf: 'flex-start' }}>
            {form.submitting ? 'Saving...' : 'Save'}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
