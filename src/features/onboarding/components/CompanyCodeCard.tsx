import { ActionIcon, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The code staff type into the mobile app to join this company, with a copy button. */
export function CompanyCodeCard({ code }: { code: string }) {
  return (
    <Paper withBorder radius="md" p="md" bg="teal.0" style={{ borderColor: 'var(--mantine-color-teal-2)' }}>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={2}>
          <Text size="sm" fw={600} c="teal.9" id="company-code-label">
            Your company code
          </Text>
          <Text
            aria-labelledby="company-code-label"
            ff="monospace"
            fz={28}
            fw={700}
            c="dark.8"
            style={{ letterSpacing: '0.2em' }}
            data-testid="company-code"
          >
            {code}
          </Text>
          <Text size="sm" c="dimmed">
            Your staff enter this code in the CareCover mobile app to join your agency.
          </Text>
        </Stack>
        <CopyButton value={code} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow position="left">
              <ActionIcon
                variant={copied ? 'filled' : 'default'}
                size="xl"
                radius="md"
                onClick={copy}
                aria-label={copied ? 'Company code copied' : 'Copy company code'}
              >
                {copied ? <IconCheck size={20} aria-hidden="true" /> : <IconCopy size={20} aria-hidden="true" />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Paper>
  );
}
