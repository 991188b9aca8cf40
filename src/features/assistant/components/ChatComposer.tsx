import { type KeyboardEvent, type RefObject, useState } from 'react';
import { ActionIcon, Group, Text, Textarea } from '@mantine/core';
import { IconSend2 } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';
import { MAX_MESSAGE_LENGTH, canSendMessage, isSendKey } from '../chat-rules.ts';

interface ChatComposerProps {
  isWaiting: boolean;
  /** Says whether the message was sent; the draft is kept when it was not. */
  onSend: (text: string) => boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/** SPEC §5: Enter sends, Shift+Enter makes a new line, nothing blank is sent, disabled while waiting. */
export function ChatComposer({ isWaiting, onSend, inputRef }: ChatComposerProps) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const canSend = canSendMessage(draft, isWaiting);

  const send = () => {
    if (onSend(draft)) setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    if (canSend) send();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) send();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          ref={inputRef}
          flex={1}
          aria-label={t('assistantPanel.message')}
          placeholder={isWaiting ? t('assistantPanel.answering') : t('assistantPanel.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          disabled={isWaiting}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={MAX_MESSAGE_LENGTH}
          radius="md"
        />
        <ActionIcon type="submit" size={36} radius="md" aria-label={t('assistantPanel.send')} disabled={!canSend}>
          <IconSend2 size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {t('assistantPanel.keys')}
      </Text>
    </form>
  );
}
