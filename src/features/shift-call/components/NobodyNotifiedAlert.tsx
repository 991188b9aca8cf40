import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CompanyCodeWithCopy } from '../../../components/CompanyCodeWithCopy.tsx';

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
        <Group mt="xs">
          <CompanyCodeWithCopy code={companyCode} size="xl" testId="nobody-notified-code" />
        </Group>
      )}
    </Alert>
  );
}
