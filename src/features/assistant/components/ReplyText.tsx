import type { MouseEvent } from 'react';
import { Anchor, Box, Button, Text } from '@mantine/core';
import { IconMessageQuestion } from '@tabler/icons-react';
import { Link } from '@shared/lib/router.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { replyLines } from '../reply-lines.ts';
import { type AssistantReference, linkReferences, referencePath } from '../reply-references.ts';
import { suggestedQuestions } from '../reply-suggestions.ts';

const HANG = '1.6em';
const LEVEL_INDENT = 1.1; // em per sub-point level

interface ReplyTextProps {
  text: string;
  /** Shifts and staff the reply names: each label in the text becomes a link to them. */
  references?: readonly AssistantReference[];
  /** Called when a reference link is followed in this tab (the panel may close itself on a phone). */
  onFollowReference?: (reference: AssistantReference) => void;
  /** Asks a question the reply suggests; without it suggestions stay plain text. */
  onAsk?: (question: string) => void;
  /** False while a reply is awaited: suggestions cannot be asked then. */
  canAsk?: boolean;
}

/** A plain left click, which the router handles in this tab (not a click that opens a new tab). */
const isPlainClick = (event: MouseEvent): boolean =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * An assistant reply as plain text, one block per line, with wrapped lines hanging under the
 * point's text rather than under its number. React escapes every character: nothing is HTML. The
 * only interactive parts come from data, never from the text: the labels of the answer's
 * references become links (real links to the dashboard's routes, so they also open in a new tab),
 * and when the reply suggests questions ("You could ask: a. …") each one is a button that asks it.
 */
export function ReplyText({ text, references = [], onFollowReference, onAsk, canAsk = true }: ReplyTextProps) {
  const t = useT();
  const lines = replyLines(text);
  const suggestions = onAsk ? suggestedQuestions(lines) : new Map<number, string>();

  const withLinks = (lineText: string) =>
    references.length === 0
      ? lineText
      : linkReferences(lineText, references).map((segment, i) =>
          segment.reference ? (
            <Anchor
              key={i}
              component={Link}
              to={referencePath(segment.reference)}
              title={t(segment.reference.kind === 'shift' ? 'assistantPanel.link.shift' : 'assistantPanel.link.staff')}
              data-reference={segment.reference.kind}
              fz="inherit"
              lh="inherit"
              fw={600}
              underline="always"
              onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                const reference = segment.reference;
                if (reference && isPlainClick(event)) onFollowReference?.(reference);
              }}
            >
              {segment.text}
            </Anchor>
          ) : (
            segment.text
          ),
        );

  return (
    <Text component="div" size="sm" lh={1.5} style={{ overflowWrap: 'anywhere' }}>
      {lines.map((line, i) => {
        const question = suggestions.get(i);
        if (question !== undefined && onAsk) {
          return (
            <Box key={i} style={{ paddingLeft: `${line.level * LEVEL_INDENT}em` }} my={4}>
              <Button
                variant="light"
                size="compact-sm"
                radius="md"
                leftSection={<IconMessageQuestion size={16} aria-hidden="true" />}
                onClick={() => onAsk(question)}
                disabled={!canAsk}
                h="auto"
                py={4}
                maw="100%"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.4 } }}
                data-suggestion
              >
                {question}
              </Button>
            </Box>
          );
        }
        if (line.text === '' && !line.marker) return <Box key={i} h="0.5em" />;
        return (
          <Box
            key={i}
            style={
              line.marker
                ? { paddingLeft: `calc(${line.level * LEVEL_INDENT}em + ${HANG})`, textIndent: `-${HANG}` }
                : { paddingLeft: `${line.level * LEVEL_INDENT}em`, whiteSpace: 'pre-wrap' }
            }
          >
            {line.marker && (
              <Box component="span" display="inline-block" miw={HANG} style={{ textIndent: 0 }}>
                {line.marker}
              </Box>
            )}
            {withLinks(line.text)}
          </Box>
        );
      })}
    </Text>
  );
}
