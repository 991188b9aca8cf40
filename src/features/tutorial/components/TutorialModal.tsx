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
  { label: 'Pending', color: 'gray.6' },
  { label: 'Assigned', color: '#8a5a2b' },
  { label: 'In-progress', color: 'orange.5' },
  { label: 'Completed', color: 'green.7' },
] as const;

function StatusLegend() {
  return (
    <Group gap="xs" aria-label="Shift statuses" role="list">
      {STATUSES.map((status) => (
        <Badge key={status.label} variant="dot" color={status.color} size="lg" role="listitem" c="dark.7">
          {status.label}
        </Badge>
      ))}
    </Group>
  );
}

function PlanBoxes() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Paper withBorder radius="md" p="sm">
        <Text fw={700}>Free</Text>
        <List size="sm" spacing={2} mt={4}>
          <List.Item>Up to 10 shifts</List.Item>
          <List.Item>Up to 30 frontline staff</List.Item>
          <List.Item>Limited assistant questions</List.Item>
        </List>
      </Paper>
      <Paper withBorder radius="md" p="sm" bg="teal.0" style={{ borderColor: 'var(--mantine-color-teal-3)' }}>
        <Text fw={700}>Premium</Text>
        <List size="sm" spacing={2} mt={4}>
          <List.Item>Unlimited shifts and staff</List.Item>
          <List.Item>Unlimited assistant questions</List.Item>
          <List.Item>Personalised support</List.Item>
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
      title="Getting started with CareCover"
      size={560}
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close tutorial' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="md">
        <Stack gap={6}>
          <Text size="sm" c="dimmed" fw={600}>
            Step {index + 1} of {TUTORIAL_STEPS.length}
          </Text>
          <Progress value={progressPercent(index)} aria-label="Tutorial progress" size="sm" radius="xl" />
        </Stack>

        <Stack gap="sm" mih={260} aria-live="polite" data-testid="tutorial-step">
          <ThemeIcon size={52} radius="xl" variant="light" color="teal">
            <StepIcon size={28} aria-hidden="true" />
          </ThemeIcon>
          <Title order={3} fz={{ base: 'lg', sm: 'xl' }}>
            {step.title}
          </Title>
          <Text>{step.body}</Text>
          {extras[step.id]}
        </Stack>

        <Group justify="space-between" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
            onClick={() => setIndex(previousStep(index))}
            disabled={index === 0}
          >
            Back
          </Button>
          {next === null ? (
            <Button leftSection={<IconCheck size={18} aria-hidden="true" />} onClick={close}>
              Finish
            </Button>
          ) : (
            <Button rightSection={<IconArrowRight size={18} aria-hidden="true" />} onClick={() => setIndex(next)}>
              Next
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
