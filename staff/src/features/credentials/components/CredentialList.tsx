import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import { useCareRoleName } from '@shared/i18n/care-role-names.ts';
import { formatInstant } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import {
  credentialStatus,
  dayIn,
  formatDay,
  statusLabel,
  type AgencyCredentials,
  type CredentialStatus,
  type MyCredential,
} from '../credential-status.ts';

interface CredentialListProps {
  groups: AgencyCredentials[];
  now: number;
  /** The phone's zone: for an agency the worker has left, whose zone is no longer known. */
  deviceZone: string;
}

/**
 * Each state's tint, text and icon colours. Mantine's light badge writes its text in the tint's own
 * hue, which for orange is too pale to read (axe measures under 4.5:1): the warning's text is dark,
 * its icon orange.
 */
const BADGE: Record<
  CredentialStatus['kind'],
  { color: string; text: string; iconColor: string; icon: typeof IconCircleCheck }
> = {
  valid: { color: 'teal', text: 'var(--mantine-color-teal-9)', iconColor: 'currentColor', icon: IconCircleCheck },
  expiring: {
    color: 'orange',
    text: 'var(--mantine-color-dark-7)',
    iconColor: 'var(--mantine-color-orange-9)',
    icon: IconAlertTriangle,
  },
  expired: { color: 'red', text: 'var(--mantine-color-red-9)', iconColor: 'currentColor', icon: IconCircleX },
};

function StatusBadge({ status }: { status: CredentialStatus }) {
  const t = useT();
  const { color, text, iconColor, icon: Icon } = BADGE[status.kind];
  return (
    <Badge
      color={color}
      variant="light"
      size="lg"
      radius="sm"
      leftSection={<Icon size={14} aria-hidden="true" color={iconColor} />}
      style={{ flexShrink: 0, textTransform: 'none', color: text }}
    >
      {statusLabel(status, t)}
    </Badge>
  );
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function CredentialCard({ credential, today }: { credential: MyCredential; today: string }) {
  const t = useT();
  // A credential type the agency picked from the suggestions is named in the worker's language.
  const type = useCareRoleName()(credential.type);
  const { locale } = useLocale();
  const status = credentialStatus(credential.expiresOn, today);
  const verifiedOn = formatInstant(credential.verifiedAt, { locale, style: 'date' });
  const verifier = credential.verifiedBy;
  const verified =
    verifier && verifiedOn
      ? t('staff.credentials.verifiedByOn', { name: verifier, date: verifiedOn })
      : verifier
        ? t('staff.credentials.verifiedBy', { name: verifier })
        : verifiedOn
          ? t('staff.credentials.verifiedOn', { date: verifiedOn })
          : t('staff.credentials.verified');
  return (
    <Card withBorder padding="md" component="article" aria-label={`${type}: ${statusLabel(status, t)}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Title order={3} fz={16} style={{ overflowWrap: 'anywhere' }}>
          {type}
        </Title>
        <StatusBadge status={status} />
      </Group>
      <Stack component="dl" gap={2} mt="xs" mb={0}>
        {credential.registrationNumber && (
          <Fact term={t('staff.credentials.registrationNumber')}>{credential.registrationNumber}</Fact>
        )}
        {credential.issuedOn && (
          <Fact term={t('staff.credentials.issued')}>{formatDay(credential.issuedOn, locale)}</Fact>
        )}
        <Fact term={status.kind === 'expired' ? t('staff.credentials.expiredOn') : t('staff.credentials.expiresOn')}>
          {credential.expiresOn ? formatDay(credential.expiresOn, locale) : t('staff.credentials.noExpiry')}
        </Fact>
      </Stack>
      <Group gap={6} mt="xs" wrap="nowrap" align="center">
        {credential.verifiedAt ? (
          <>
            <IconCircleCheck
              size={16}
              aria-hidden="true"
              color="var(--mantine-color-teal-8)"
              style={{ flexShrink: 0 }}
            />
            <Text size="sm">{verified}</Text>
          </>
        ) : (
          <>
            <IconClock size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
            <Text size="sm">{t('staff.credentials.notVerified')}</Text>
          </>
        )}
      </Group>
    </Card>
  );
}

/**
 * The worker's credentials, one section per agency that recorded them, each with its state today.
 * "Today" is the recording agency's calendar day, as its dashboard and the shift rules count it.
 */
export function CredentialList({ groups, now, deviceZone }: CredentialListProps) {
  const t = useT();
  if (groups.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text fw={700}>{t('staff.credentials.noneTitle')}</Text>
        <Text size="sm" c="dimmed">
          {t('staff.credentials.noneText')}
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="lg">
      {groups.map((group) => {
        const headingId = `credentials-${group.companyId}`;
        const today = dayIn(now, group.timeZone ?? deviceZone);
        return (
          <Stack key={group.companyId} gap="sm" component="section" aria-labelledby={headingId}>
            <Title order={2} fz={18} id={headingId}>
              {group.agencyName ?? t('staff.credentials.formerAgency')}
            </Title>
            <Stack
              gap="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-labelledby={headingId}
            >
              {group.credentials.map((credential) => (
                <li key={credential.id}>
                  <CredentialCard credential={credential} today={today} />
                </li>
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}
