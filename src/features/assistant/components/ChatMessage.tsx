import { Box, Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCrown } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import { entryText, replyKindLabel } from '../assistant-text.ts';
import type { ChatEntry } from '../chat-conversation.ts';
import type { AssistantReference } from '../reply-references.ts';
import { ReplyText } from './ReplyText.tsx';

interface ChatMessageProps {
  entry: ChatEntry;
  /** Opens the pricing overlay; the quota notice offers Go Premium only when the shell can. */
  onGoPremium?: () => void;
  /** Free plan: an answer that did not use one of its questions says so. */
  isFreePlan?: boolean;
  /** A link to a shift or staff member in the answer was followed. */
  onFollowReference?: (reference: AssistantReference) => void;
  /** Asks a question the answer suggests. */
  onAsk?: (question: string) => void;
  canAsk?: boolean;
}

/**
 * One bubble of the conversation. Text is rendered as text (React escapes it), with the reply's
 * line breaks and indented sub-points kept by `pre-wrap`; it is never parsed as HTML or markdown.
 */
export function ChatMessage({
  entry,
  onGoPremium,
  isFreePlan = false,
  onFollowReference,
  onAsk,
  canAsk,
}: ChatMessageProps) {
  const t = useT();
  const isUser = entry.sender === 'user';
  const isProblem = entry.kind === 'failure' || entry.kind === 'quota';
  return (
    <Box
      data-sender={entry.sender}
      data-kind={entry.kind}
      style={{ alignSelf: isUser ? 'flex-end' : 'flex-start', maxWidth: isUser ? '85%' : '100%' }}
    >
      <Paper
        px="sm"
        py={8}
        radius="lg"
        withBorder={!isUser}
        bg={isUser ? 'teal.8' : isProblem ? (entry.kind === 'quota' ? 'yellow.0' : 'red.0') : 'white'}
        c={isUser ? 'white' : undefined}
        style={{
          borderBottomRightRadius: isUser ? 4 : undefined,
          borderBottomLeftRadius: isUser ? undefined : 4,
          borderColor: isProblem ? `var(--mantine-color-${entry.kind === 'quota' ? 'yellow' : 'red'}-3)` : undefined,
        }}
      >
        <VisuallyHidden>
          {isUser ? t('assistantPanel.sender.you') : t('assistantPanel.sender.assistant')}
        </VisuallyHidden>
        <Group gap={6} wrap="nowrap" align="flex-start">
          {isProblem && (
            <IconAlertTriangle
              size={18}
              aria-hidden="true"
              color={`var(--mantine-color-${entry.kind === 'quota' ? 'yellow-9' : 'red-8'})`}
              style={{ flexShrink: 0, marginTop: 2 }}
            />
          )}
          {entry.kind === 'answer' ? (
            <ReplyText
              text={entry.text}
              references={entry.references}
              onFollowReference={onFollowReference}
              onAsk={onAsk}
              canAsk={canAsk}
            />
          ) : (
            <Text size="sm" lh={1.5} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entryText(entry, t)}
            </Text>
          )}
        </Group>
        {entry.kind === 'quota' && onGoPremium && (
          <Button mt="sm" size="xs" leftSection={<IconCrown size={16} aria-hidden="true" />} onClick={onGoPremium}>
            {t('assistantPanel.goPremium')}
          </Button>
        )}
      </Paper>
      {entry.answeredBy && (
        <Group gap={6} mt={4} ml={4}>
          <Text size="xs" c="dimmed" data-testid="reply-kind">
            {replyKindLabel(entry.answeredBy, t)}
          </Text>
          {isFreePlan && entry.counted === false && (
            <Text size="xs" c="dimmed" data-testid="reply-not-counted">
              {t('assistantPanel.notCounted')}
            </Text>
          )}
        </Group>
      )}
    </Box>
  );
}
