import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { LOCALE_NAMES, type Locale } from '@shared/i18n/locale.ts';
import { showError } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { saveStaffLocale } from '../api/save-staff-locale.ts';

/**
 * The worker's language on Profile: switched at once, then stored (staff.locale) so their other
 * devices follow; a failed save switches back and says so.
 */
export function LanguageSetting({ userId }: { userId: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  const [isSaving, setIsSaving] = useState(false);
  const other: Locale = locale === 'en' ? 'fr-CA' : 'en';
  const change = async () => {
    setIsSaving(true);
    try {
      await setLocale(other);
      try {
        await saveStaffLocale(userId, other);
      } catch {
        await setLocale(locale);
        showError(t('staff.profile.languageNotSaved'));
      }
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">{t('staff.profile.languageCurrent', { language: locale })}</Text>
      <Button
        variant="light"
        lang={other}
        loading={isSaving}
        style={{ flexShrink: 0 }}
        leftSection={<IconWorld size={18} aria-hidden="true" />}
        onClick={() => void change()}
      >
        {LOCALE_NAMES[other]}
      </Button>
    </Group>
  );
}
