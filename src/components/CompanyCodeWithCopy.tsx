import { ActionIcon, CopyButton, Group, Text, Tooltip, type MantineFontSize } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface CompanyCodeWithCopyProps {
  code: string;
  /** The element naming the code for screen readers, when a label sits beside it. */
  labelledBy?: string;
  size?: MantineFontSize;
  testId?: string;
}

/** The company code staff join with, in monospace with a copy button: what an agency shares. */
export function CompanyCodeWithCopy({ code, labelledBy, size = 'lg', testId }: CompanyCodeWithCopyProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text
        ff="monospace"
        fz={size}
        fw={700}
        style={{ letterSpacing: '0.15em' }}
        aria-labelledby={labelledBy}
        data-testid={testId}
      >
        {code}
      </Text>
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
            <ActionIcon
              variant="default"
              onClick={copy}
              aria-label={copied ? 'Company code copied' : 'Copy company code'}
            >
              {copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
