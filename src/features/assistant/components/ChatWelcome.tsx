import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageQuestion, IconSparkles } from '@tabler/icons-react';
import { ASSISTANT_NAME, QUICK_PROMPTS } from '../assistant-text.ts';

interface ChatWelcomeProps {
  onPrompt: (prompt: string) => void;
  isWaiting: boolean;
}

/** The empty conversation (SPEC §4): a greeting and SPEC §9's two quick prompts. */
export function ChatWelcome({ onPrompt, isWaiting }: ChatWelcomeProps) {
  return (
    <Stack gap="md" align="center" py="xl" px="xs" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
        <IconSparkles size={30} />
      </ThemeIcon>
      <div>
        <Title order={3} fz="lg">
          Hi, I&apos;m {ASSISTANT_NAME}
        </Title>
        <Text size="sm" c="dimmed" mt={6}>
          Ask me about your shifts and staff in plain words, for example who is on shift now or how many shifts are
          pending.
        </Text>
      </div>
      <Stack gap="xs" w="100%" mt="xs">
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" ta="left">
          Try asking
        </Text>
        {QUICK_PROMPTS.map((prompt) => (
          <Button
            key={prompt}
            variant="light"
            radius="md"
            justify="flex-start"
            fullWidth
            leftSection={<IconMessageQuestion size={18} aria-hidden="true" />}
            onClick={() => onPrompt(prompt)}
            disabled={isWaiting}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            h="auto"
            py={10}
          >
            {prompt}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}
