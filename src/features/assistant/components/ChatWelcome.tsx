import { useId } from 'react';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageQuestion, IconSparkles } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import { everydayQuestions, quickPrompts } from '../assistant-text.ts';

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
  const t = useT();
  const headingId = useId();
  return (
    <Stack gap="md" align="center" py="md" px="xs" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
        <IconSparkles size={26} />
      </ThemeIcon>
      <div>
        <Title order={3} fz="lg">
          {t('assistantPanel.welcome.title')}
        </Title>
        <Text size="sm" c="dimmed" mt={6}>
          {t('assistantPanel.welcome.text')}
        </Text>
      </div>
      <Stack gap="xs" w="100%" component="section" aria-labelledby={headingId}>
        <Text id={headingId} size="xs" fw={600} c="dimmed" tt="uppercase" ta="left">
          {t('assistantPanel.welcome.tryAsking')}
        </Text>
        {[...quickPrompts(t), ...everydayQuestions(t)].map((prompt) => (
          <PromptButton key={prompt} prompt={prompt} onPrompt={onPrompt} isWaiting={isWaiting} />
        ))}
      </Stack>
    </Stack>
  );
}
