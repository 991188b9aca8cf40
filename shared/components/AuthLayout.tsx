import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LanguageSwitch } from '../i18n/LanguageSwitch.tsx';
import { LogoBar } from './LogoBar.tsx';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Card width in pixels on wide screens. */
  width?: number;
}

/** The frame of the sign-up, log-in and onboarding screens: logo bar, language switch and a centred card. */
export function AuthLayout({ title, subtitle, children, width = 440 }: AuthLayoutProps) {
  return (
    <Box mih="100vh" bg="gray.0">
      <LogoBar />
      <Box component="main" px="md" pt={{ base: 'md', sm: 40 }} pb={64}>
        {/* Outside the top bar, which holds only the logo (SPEC §2). */}
        <Group justify="flex-end" maw={width} mx="auto" mb={8}>
          <LanguageSwitch />
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 36 }} maw={width} mx="auto">
          <Stack gap={4} mb="lg">
            <Title order={1} fz={{ base: 26, sm: 30 }} c="dark.8">
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
    </Box>
  );
}
