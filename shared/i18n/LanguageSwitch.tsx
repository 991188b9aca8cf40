import { Button } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useLocale } from './LocaleProvider.tsx';
import { LOCALE_NAMES, type Locale } from './locale.ts';

/**
 * The English/Français switch of the signed-out screens: one button naming the other language in
 * itself ("Français" on an English page, "English" on a French one), marked with that language so
 * a screen reader pronounces it right. `onSwitch` lets a signed-in screen also store the choice.
 */
export function LanguageSwitch({ onSwitch }: { onSwitch?: (next: Locale) => void }) {
  const { locale, setLocale, isSwitching } = useLocale();
  const other: Locale = locale === 'en' ? 'fr-CA' : 'en';
  return (
    <Button
      variant="default"
      size="compact-sm"
      lang={other}
      loading={isSwitching}
      leftSection={<IconWorld size={16} aria-hidden="true" />}
      onClick={() => {
        void setLocale(other);
        onSwitch?.(other);
      }}
    >
      {LOCALE_NAMES[other]}
    </Button>
  );
}
