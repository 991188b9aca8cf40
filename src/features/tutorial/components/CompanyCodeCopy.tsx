import { ActionIcon, CopyButton, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The company code staff sign up with, with a copy button; a placeholder while it loads. */
export function CompanyCodeCopy({ code }: { code: string | null | undefined }) {
  return (
    <Paper withBorder radius="md" p="md" bg="teal.0" style={{ borderColor: 'var(--mantine-color-teal-2)' }}>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Stack gap={2}>
          <Text size="sm" fw={600} c="teal.9" id="tutorial-company-code-label">
            Your company code
          </Text>
          {code === undefined ? (
            <Skeleton h={36} w={112} radius="sm" role="status" aria-label="Loading your company code" />
          ) : (
            <Text
              aria-labelledby="tutorial-company-code-label"
              ff="monospace"
              fz={28}
              fw={700}
              c="dark.8"
              style={{ letterSpacing: '0.2em' }}
              data-testid="tutorial-company-code"
            >
              {code ?? 'Unavailable'}
            </Text>
          )}
        </Stack>
        {code != null && (
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
        )}
      </Group>
    </Paper>
  );
}
