import type { ReactNode } from 'react';
import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Logo } from '@shared/components/Logo.tsx';

/** The signed-out screens: the app's name and one card, sized for a phone first. */
export function StaffAuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box mih="100dvh" bg="gray.0" px="md" py="lg">
      <Group justify="center" gap={8} mb="lg">
        <Logo size={32} />
        <Text fw={700} c="teal.8">
          Staff
        </Text>
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
