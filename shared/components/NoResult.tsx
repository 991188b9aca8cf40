import { Stack, Text, Title } from '@mantine/core';
import { useSharedT } from '../i18n/keys.ts';

interface NoResultProps {
  title?: string;
  description?: string;
}

/** The empty state of a list (SPEC §2): an empty clipboard with a magnifier, a title and a line of text. */
export function NoResult({ title, description }: NoResultProps) {
  const t = useSharedT();
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <svg width="160" height="128" viewBox="0 0 160 128" aria-hidden="true" focusable="false">
        <ellipse cx="80" cy="116" rx="56" ry="6" fill="#e9ecef" />
        <rect x="40" y="14" width="70" height="92" rx="10" fill="#f0fdfa" stroke="#0f766e" strokeWidth="3" />
        <rect x="60" y="8" width="30" height="14" rx="5" fill="#0f766e" />
        <path d="M54 40h42M54 54h42M54 68h26" stroke="#99f6e4" strokeWidth="5" strokeLinecap="round" />
        <circle cx="104" cy="80" r="18" fill="#fff" stroke="#134e4a" strokeWidth="4" />
        <path d="M117 93l14 14" stroke="#134e4a" strokeWidth="6" strokeLinecap="round" />
        <path d="M97 80h14" stroke="#adb5bd" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <Title order={3} fz="lg">
        {title ?? t('table.noResult')}
      </Title>
      <Text c="dimmed" maw={360}>
        {description ?? t('table.noResultDescription')}
      </Text>
    </Stack>
  );
}
