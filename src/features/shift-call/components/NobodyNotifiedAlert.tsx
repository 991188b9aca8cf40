import { ActionIcon, Alert, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';

interface NobodyNotifiedAlertProps {
  companyCode: string | null;
  onClose: () => void;
}

/**
 * After a post that reached no one: SPEC's success toast still says the shift was sent, so this
 * says plainly that no staff member could be notified, and how staff join (the company code).
 */
export function NobodyNotifiedAlert({ companyCode, onClose }: NobodyNotifiedAlertProps) {
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      title="No staff member could be notified"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
    >
      <Text size="sm">
        Nobody has joined your agency on CareCover yet, so this shift stays open until someone does. Staff join in the
        CareCover app with your company code:
      </Text>
      {companyCode && (
        <Group gap="xs" mt="xs">
          <Text ff="monospace" fz="xl" fw={700} style={{ letterSpacing: '0.2em' }} data-testid="nobody-notified-code">
            {companyCode}
          </Text>
          <CopyButton value={companyCode} timeout={2000}>
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
      )}
    </Alert>
  );
}
