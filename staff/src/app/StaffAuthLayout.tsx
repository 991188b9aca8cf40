import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from '@shared/components/Logo.tsx';
import { LanguageSwitch } from '@shared/i18n/LanguageSwitch.tsx';
import { useT } from '../i18n/use-t.ts';

/** The signed-out screens: the app's name, the language switch and one card, sized for a phone first. */
export function StaffAuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Box mih="100dvh" bg="gray.0" px="md" py="lg">
      <Group justify="space-between" gap={8} mb="lg" maw={440} mx="auto" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Logo size={28} />
          <Text fw={700} c="teal.8">
            {t('staff.brand')}
          </Text>
        </Group>
        <LanguageSwitch />
      </Group>
      <Paper component="main" withBorder radius="lg" p="lg" maw={440} mx="auto">
        <Stack gap={4} mb="lg">
          <Title order={1} fz={26}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Paper>
    </Box>
  );
}
