import { useState, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Group,
  List,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconCrown,
  IconListDetails,
  IconSparkles,
  IconSpeakerphone,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { CompanyCodeCard } from '@shared/components/CompanyCodeCard.tsx';
import { FREE_SHIFT_LIMIT, FREE_STAFF_LIMIT } from '@shared/config/plan-limits.ts';
import { SHIFT_STATUS_NAME_KEYS } from '@shared/i18n/shift-status-names.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useCompanyCode } from '../hooks/use-company-code.ts';
import { TUTORIAL_STEPS, nextStep, previousStep, progressPercent, type TutorialStepId } from '../tutorial-steps.ts';

interface TutorialModalProps {
  company: { id: string };
  onClose: () => void;
}

const ICONS: Record<TutorialStepId, Icon> = {
  'post-shift': IconSpeakerphone,
  'shift-details': IconListDetails,
  'company-code': IconUsersGroup,
  assistant: IconSparkles,
  plans: IconCrown,
};

/** SPEC §4's status colours: Pending grey, Assigned brown, In-progress amber, Completed green. */
const STATUSES = [
  { status: 'Pending', color: 'gray.6' },
  { status: 'Assigned', color: '#8a5a2b' },
  { status: 'In-progress', color: 'orange.5' },
  { status: 'Completed', color: 'green.7' },
] as const;

function StatusLegend() {
  const t = useT();
  return (
    <Group gap="xs" aria-label={t('tutorial.statuses')} role="list">
      {STATUSES.map(({ status, color }) => (
        <Badge key={status} variant="dot" color={color} size="lg" role="listitem" c="dark.7">
          {t(SHIFT_STATUS_NAME_KEYS[status])}
        </Badge>
      ))}
    </Group>
  );
}

function PlanBoxes() {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Paper withBorder radius="md" p="sm">
        <Text fw={700}>{t('billing.plan.free')}</Text>
        <List size="sm" spacing={2} mt={4}>
          <List.Item>{t('tutorial.plan.shifts', { count: FREE_SHIFT_LIMIT })}</List.Item>
          <List.Item>{t('tutorial.plan.staff', { count: FREE_STAFF_LIMIT })}</List.Item>
          <List.Item>{t('tutorial.plan.limitedQuestions')}</List.Item>
        </List>
      </Paper>
      <Paper withBorder radius="md" p="sm" bg="teal.0" style={{ borderColor: 'var(--mantine-color-teal-3)' }}>
        <Text fw={700}>{t('plan.premium')}</Text>
        <List size="sm" spacing={2} mt={4}>
          <List.Item>{t('plan.premiumLine')}</List.Item>
          <List.Item>{t('tutorial.plan.unlimitedQuestions')}</List.Item>
          <List.Item>{t('billing.feature.support')}</List.Item>
        </List>
      </Paper>
    </SimpleGrid>
  );
}

/**
 * The profile menu's Tutorial (issue 10): a short walk-through with next/back and progress. The
 * shell also opens it by itself on a company's first visit (see useFirstVisitTutorial).
 */
export function TutorialModal({ company, onClose }: TutorialModalProps) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(true);
  const [index, setIndex] = useState(0);
  const code = useCompanyCode(company.id);
  const step = TUTORIAL_STEPS[index] ?? TUTORIAL_STEPS[0]!;
  const next = nextStep(index);
  const StepIcon = ICONS[step.id];
  const close = () => setIsOpen(false);

  const extras: Partial<Record<TutorialStepId, ReactNode>> = {
    'shift-details': <StatusLegend />,
    'company-code': <CompanyCodeCard code={code} testId="tutorial-company-code" />,
    plans: <PlanBoxes />,
  };

  return (
    <Modal
      opened={isOpen}
      onClose={close}
      onExitTransitionEnd={onClose}
      title={t('tutorial.title')}
      size={560}
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': t('tutorial.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" c="dimmed" fw={600}>
            {t('tutorial.step', { step: index + 1, total: TUTORIAL_STEPS.length })}
          </Text>
          <Progress value={progressPercent(index)} aria-label={t('tutorial.progress')} size="sm" radius="xl" />
        </Stack>

        <Stack gap="sm" mih={260} aria-live="polite" data-testid="tutorial-step">
          <ThemeIcon size={52} radius="xl" variant="light" color="teal">
            <StepIcon size={28} aria-hidden="true" />
          </ThemeIcon>
          <Title order={3} fz={{ base: 'lg', sm: 'xl' }}>
            {t(step.titleKey)}
          </Title>
          <Text>{t(step.bodyKey)}</Text>
          {extras[step.id]}
        </Stack>

        <Group justify="space-between" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
            onClick={() => setIndex(previousStep(index))}
            disabled={index === 0}
          >
            {t('tutorial.back')}
          </Button>
          {next === null ? (
            <Button leftSection={<IconCheck size={18} aria-hidden="true" />} onClick={close}>
              {t('tutorial.finish')}
            </Button>
          ) : (
            <Button rightSection={<IconArrowRight size={18} aria-hidden="true" />} onClick={() => setIndex(next)}>
              {t('tutorial.next')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
