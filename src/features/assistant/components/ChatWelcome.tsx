import { useId } from 'react';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageQuestion, IconSparkles } from '@tabler/icons-react';
import { ASSISTANT_NAME, EVERYDAY_QUESTIONS, QUICK_PROMPTS } from '../assistant-text.ts';

interface ChatWelcomeProps {
  onPrompt: (prompt: string) => void;
  isWaiting: boolean;
}

function PromptButton({ prompt, onPrompt, isWaiting }: ChatWelcomeProps & { prompt: string }) {
  return (
    <Button
      variant="light"
      radius="md"
      justify="flex-start"
      fullWidth
      leftSection={<IconMessageQuestion size={18} aria-hidden="true" />}
      onClick={() => onPrompt(prompt)}
      disabled={isWaiting}
      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
      h="auto"
      py={8}
    >
      {prompt}
    </Button>
  );
}

/**
 * The empty conversation (SPEC §4): a greeting, SPEC §9's two quick prompts and a few everyday
 * questions. Each is a button that asks its question at once (Enter or Space from the keyboard).
 */
export function ChatWelcome({ onPrompt, isWaiting }: ChatWelcomeProps) {
  const headingId = useId();
  return (
    <Stack gap="md" align="center" py="md" px="xs" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
        <IconSparkles size={26} />
      </ThemeIcon>
      <div>
        <Title order={3} fz="lg">
          Hi, I&apos;m {ASSISTANT_NAME}
        </Title>
        <Text size="sm" c="dimmed" mt={6}>
          Ask me about your shifts and staff in plain words, or pick a question below.
        </Text>
      </div>
      <Stack gap="xs" w="100%" component="section" aria-labelledby={headingId}>
        <Text id={headingId} size="xs" fw={600} c="dimmed" tt="uppercase" ta="left">
          Try asking
        </Text>
        {[...QUICK_PROMPTS, ...EVERYDAY_QUESTIONS].map((prompt) => (
          <PromptButton key={prompt} prompt={prompt} onPrompt={onPrompt} isWaiting={isWaiting} />
        ))}
      </Stack>
    </Stack>
  );
}
