import { ActionIcon, CopyButton, Group, Text, Tooltip, type MantineFontSize } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useSharedT } from '../i18n/keys.ts';

interface CompanyCodeWithCopyProps {
  code: string;
  /** The element naming the code for screen readers, when a label sits beside it. */
  labelledBy?: string;
  size?: MantineFontSize | number;
  /** The copy button's size: larger where the code is the point of the card. */
  buttonSize?: 'md' | 'lg' | 'xl';
  testId?: string;
}

/**
 * A face where 0/O and 1/l/I differ (the code is read aloud and retyped by staff, and may hold any
 * of !@#$&*()_+-<>?): the system monospace faces, then DejaVu Sans Mono (dotted zero) where none
 * is set; slashed-zero asks faces that have both zeros for the slashed one.
 */
const CODE_STYLE = {
  fontFamily: "ui-monospace, 'SF Mono', 'Cascadia Mono', Consolas, Menlo, 'DejaVu Sans Mono', monospace",
  fontVariantNumeric: 'slashed-zero',
  letterSpacing: '0.15em',
  whiteSpace: 'nowrap',
} as const;

/**
 * The company code staff join with, with its copy button beside it on one line: the one way the
 * code is shown (Staff List, onboarding, the tutorial, the nobody-notified warning).
 */
export function CompanyCodeWithCopy({
  code,
  labelledBy,
  size = 'lg',
  buttonSize = 'md',
  testId,
}: CompanyCodeWithCopyProps) {
  const t = useSharedT();
  const iconSize = buttonSize === 'md' ? 16 : 20;
  return (
    <Group gap="xs" wrap="nowrap" style={{ flex: '0 0 auto' }}>
      <Text fz={size} fw={700} c="dark.8" style={CODE_STYLE} aria-labelledby={labelledBy} data-testid={testId}>
        {code}
      </Text>
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('companyCode.copied') : t('companyCode.copy')} withArrow>
            <ActionIcon
              variant={copied ? 'filled' : 'default'}
              size={buttonSize}
              radius="md"
              onClick={copy}
              aria-label={copied ? t('companyCode.copiedLabel') : t('companyCode.copyLabel')}
            >
              {copied ? (
                <IconCheck size={iconSize} aria-hidden="true" />
              ) : (
                <IconCopy size={iconSize} aria-hidden="true" />
              )}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
