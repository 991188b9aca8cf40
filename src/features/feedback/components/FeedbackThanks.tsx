import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageHeart } from '@tabler/icons-react';

/** SPEC §4's already-given state, also shown right after a submission. */
export function FeedbackThanks({ onClose }: { onClose: () => void }) {
  return (
    <Stack align="center" ta="center" gap="sm" py="lg" data-testid="feedback-thanks">
      <ThemeIcon size={64} radius="xl" variant="light" color="teal">
        <IconMessageHeart size={36} aria-hidden="true" />
      </ThemeIcon>
      <Title order={3}>Thank you!</Title>
      <Text size="lg">Your feedback has been received</Text>
      <Text c="dimmed" maw={360}>
        We read every response and use it to decide what to build next.
      </Text>
      <Button mt="sm" onClick={onClose} data-autofocus autoFocus>
        Close
      </Button>
    </Stack>
  );
}
