import { useCallback, useEffect, useRef } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCrown, IconMessagePlus, IconSparkles } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import { remainingLabel } from '../assistant-text.ts';
import { useAssistantChat } from '../hooks/use-assistant-chat.ts';
import { useQuestionsLeft } from '../hooks/use-questions-left.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatMessage } from './ChatMessage.tsx';
import { ChatWelcome } from './ChatWelcome.tsx';

export interface ChatPanelProps {
  /** The signed-in company (the shell's live row): whose conversation, and whether it is on the free plan. */
  company: { id: string; premium: boolean };
  /** Asks the shell to close the panel (it plays the closing animation, then unmounts it). */
  onClose: () => void;
  /** Opens the pricing overlay, offered when the free plan's questions are used up. */
  onGoPremium?: () => void;
}

/** A fine pointer (mouse): focusing the input on a phone would raise the keyboard over the prompts. */
const hasFinePointer = (): boolean => typeof window !== 'undefined' && window.matchMedia?.('(pointer: fine)').matches;

/**
 * The assistant's side panel (SPEC §2, §4, §5): the welcome state with the quick prompts, then the
 * conversation with a waiting state, and the composer. The conversation lives in a store outside
 * the panel, so closing and reopening it within the visit keeps it. A free company sees its
 * questions left this month, read when the panel opens and updated by each answer; the shell's
 * live company row hides the count the moment the plan turns premium (in this tab or another).
 */
export function ChatPanel({ company, onClose, onGoPremium }: ChatPanelProps) {
  const t = useT();
  const { entries, isWaiting, remaining, send, clear } = useAssistantChat(company.id);
  useQuestionsLeft(company.id, company.premium);
  const theme = useMantineTheme();
  // Below the shell's aside breakpoint the panel covers the page: following a link closes it, or
  // the page the link opened would stay hidden under it.
  const isBesidePage = useMediaQuery(`(min-width: ${theme.breakpoints.md})`, true, {
    getInitialValueInEffect: false,
  });
  const onFollowReference = useCallback(() => {
    if (!isBesidePage) onClose();
  }, [isBesidePage, onClose]);
  const panelRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const hasConversation = entries.length > 0;

  useEffect(() => {
    if (hasFinePointer()) inputRef.current?.focus({ preventScroll: true });
  }, []);

  // The input was disabled while waiting, which drops its focus; give it back for the next question.
  useEffect(() => {
    if (isWaiting) return;
    const active = document.activeElement;
    if (active === document.body || (active && panelRef.current?.contains(active))) {
      inputRef.current?.focus({ preventScroll: true });
    }
  }, [isWaiting]);

  useEffect(() => {
    const viewport = viewportRef.current;
    viewport?.scrollTo({ top: viewport.scrollHeight });
  }, [entries.length, isWaiting]);

  const showRemaining = !company.premium && remaining !== null;
  // Used up before asking (read when the panel opened): offer Premium as the quota refusal does,
  // unless that refusal, with its own Go Premium, is the last thing in the conversation.
  const showUsedUp = showRemaining && remaining <= 0 && onGoPremium && entries.at(-1)?.kind !== 'quota';

  return (
    <Stack
      ref={panelRef}
      h="100%"
      gap={0}
      data-testid="chat-panel"
      bg="white"
      // Escape closes the panel from anywhere inside it, like a dialog; the shell returns focus to
      // the sparkle button. Not while an input method is composing (Escape cancels that).
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.nativeEvent.isComposing || event.defaultPrevented) return;
        event.preventDefault();
        onClose();
      }}
    >
      <Group
        justify="space-between"
        wrap="nowrap"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={36} radius="xl" variant="light" aria-hidden="true">
            <IconSparkles size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="md" lh={1.3}>
              {t('assistantPanel.name')}
            </Title>
            <Text size="xs" c="dimmed" lh={1.3} data-testid="chat-remaining">
              {showRemaining ? remainingLabel(remaining, t) : t('assistantPanel.subtitle')}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          {hasConversation && (
            <Tooltip label={t('assistantPanel.newConversation')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={clear}
                disabled={isWaiting}
                aria-label={t('assistantPanel.startNewConversation')}
              >
                <IconMessagePlus size={20} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          )}
          <CloseButton size="lg" onClick={onClose} aria-label={t('assistantPanel.close')} />
        </Group>
      </Group>

      <ScrollArea
        flex={1}
        viewportRef={viewportRef}
        type="auto"
        offsetScrollbars="y"
        // The conversation scrolls: keyboard users reach it with Tab; screen readers hear new replies.
        viewportProps={
          hasConversation ? { tabIndex: 0, role: 'log', 'aria-label': t('assistantPanel.conversation') } : undefined
        }
      >
        <Box px="md" py="md">
          {hasConversation ? (
            <Stack gap="md">
              {entries.map((entry) => (
                <ChatMessage
                  key={entry.id}
                  entry={entry}
                  onGoPremium={onGoPremium}
                  isFreePlan={!company.premium}
                  onFollowReference={onFollowReference}
                  onAsk={send}
                  canAsk={!isWaiting}
                />
              ))}
              {isWaiting && (
                <Paper
                  withBorder
                  radius="lg"
                  px="sm"
                  py={8}
                  role="status"
                  style={{ alignSelf: 'flex-start', borderBottomLeftRadius: 4 }}
                >
                  <Group gap="xs" wrap="nowrap">
                    <Loader size="xs" type="dots" aria-hidden="true" />
                    <Text size="sm" c="dimmed">
                      {t('assistantPanel.answering')}
                    </Text>
                  </Group>
                </Paper>
              )}
            </Stack>
          ) : (
            <ChatWelcome onPrompt={send} isWaiting={isWaiting} />
          )}
        </Box>
      </ScrollArea>

      <Box px="md" pt="sm" pb="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        {showUsedUp && (
          <Group
            gap="xs"
            justify="space-between"
            wrap="nowrap"
            mb="sm"
            px="sm"
            py={6}
            bg="yellow.0"
            style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-yellow-3)' }}
            data-testid="chat-used-up"
          >
            <Text size="xs" lh={1.4}>
              {t('assistantPanel.usedUp')}
            </Text>
            <Button
              size="compact-xs"
              leftSection={<IconCrown size={14} aria-hidden="true" />}
              onClick={onGoPremium}
              style={{ flexShrink: 0 }}
            >
              {t('assistantPanel.goPremium')}
            </Button>
          </Group>
        )}
        <ChatComposer isWaiting={isWaiting} onSend={send} inputRef={inputRef} />
      </Box>
    </Stack>
  );
}
