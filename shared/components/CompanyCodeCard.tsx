import { useId } from 'react';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useSharedT } from '../i18n/keys.ts';
import { CompanyCodeWithCopy } from './CompanyCodeWithCopy.tsx';

interface CompanyCodeCardProps {
  /** The code; undefined while it loads, null when it could not be read. */
  code: string | null | undefined;
  testId?: string;
  /** A line under the code saying what it is for. */
  description?: string;
}

/** "Your company code" as a card, for onboarding and the tutorial. */
export function CompanyCodeCard({ code, testId, description }: CompanyCodeCardProps) {
  const labelId = useId();
  const t = useSharedT();
  return (
    <Paper withBorder radius="md" p="md" bg="teal.0" style={{ borderColor: 'var(--mantine-color-teal-2)' }}>
      <Stack gap={4}>
        <Text size="sm" fw={600} c="teal.9" id={labelId}>
          {t('companyCode.title')}
        </Text>
        {code === undefined ? (
          <Skeleton h={36} w={112} radius="sm" role="status" aria-label={t('companyCode.loading')} />
        ) : code === null ? (
          <Text fz={28} fw={700} c="dark.8" aria-labelledby={labelId} data-testid={testId}>
            {t('companyCode.unavailable')}
          </Text>
        ) : (
          <CompanyCodeWithCopy code={code} size={28} buttonSize="lg" labelledBy={labelId} testId={testId} />
        )}
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
