import { useState } from 'react';
import { Button, Modal, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { Company } from '../api/fetch-company.ts';
import { saveNoShowSettings } from '../api/save-no-show-settings.ts';
import {
  REPOST_AFTER_MAX,
  REPOST_AFTER_MIN,
  automaticRepostText,
  repostAfterErrorText,
  validateRepostAfter,
} from '../no-show-settings.ts';

interface AgencySettingsModalProps {
  company: Company;
  onClose: () => void;
}

/** The profile menu's Agency settings: how the agency handles workers who do not turn up. Full screen on a phone. */
export function AgencySettingsModal({ company, onClose }: AgencySettingsModalProps) {
  const t = useT();
  const ruleText = useRuleText();
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
      showSuccess(t('agencySettings.saved'));
      setIsOpen(false);
    } catch (error) {
      showError(ruleText(errorMessage(error)), t('agencySettings.notSaved'));
    }
  });

  const minutes = validateRepostAfter(form.values.repostAfter) ? null : Number(form.values.repostAfter);
  return (
    <Modal
      opened={isOpen}
      onClose={() => setIsOpen(false)}
      onExitTransitionEnd={onClose}
      title={t('agencySettings.title')}
      size="md"
      radius={isPhone ? 0 : 'lg'}
      fullScreen={isPhone}
      centered={!isPhone}
      closeButtonProps={{ 'aria-label': t('agencySettings.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby="no-show-settings-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="no-show-settings-title">
              {t('agencySettings.noShows')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('agencySettings.noShowsHelp')}
            </Text>
          </div>
          <NumberInput
            label={t('agencySettings.repostAfter')}
            description={t('agencySettings.repostAfterHelp')}
            min={REPOST_AFTER_MIN}
            max={REPOST_AFTER_MAX}
            step={5}
            allowDecimal={false}
            clampBehavior="none"
            suffix={` ${t('agencySettings.minutesUnit')}`}
            withAsterisk
            {...form.getInputProps('repostAfter')}
            error={repostAfterErrorText(form.errors.repostAfter as string | undefined, t)}
          />
          <Switch
            label={t('agencySettings.automatic')}
            description={automaticRepostText(minutes, t)}
            {...form.getInputProps('isAutomatic', { type: 'checkbox' })}
          />
          <Button type="submit" disabled={form.submitting} style={{ alignSelf: 'flex-start' }}>
            {form.submitting ? t('agencySettings.saving') : t('agencySettings.save')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
