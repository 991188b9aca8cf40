import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageHeart } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';

/** SPEC §4's already-given state, also shown right after a submission. */
export function FeedbackThanks({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Stack align="center" ta="center" gap="sm" py="lg" data-testid="feedback-thanks">
      <ThemeIcon size={64} radius="xl" variant="light" color="teal">
        <IconMessageHeart size={36} aria-hidden="true" />
      </ThemeIcon>
      <Title order={3}>{t('feedback.thanks.title')}</Title>
      <Text size="lg">{t('feedback.thanks.received')}</Text>
      <Text c="dimmed" maw={360}>
        {t('feedback.thanks.help')}
      </Text>
      <Button mt="sm" onClick={onClose} data-autofocus autoFocus>
        {t('feedback.thanks.close')}
      </Button>
    </Stack>
  );
}
