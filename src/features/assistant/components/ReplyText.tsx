import { Box, Text } from '@mantine/core';
import { replyLines } from '../reply-lines.ts';

const HANG = '1.6em';
const LEVEL_INDENT = 1.1; // em per sub-point level

/**
 * An assistant reply as plain text, one block per line, with wrapped lines hanging under the
 * point's text rather than under its number. React escapes every character: nothing is HTML.
 */
export function ReplyText({ text }: { text: string }) {
  return (
    <Text component="div" size="sm" lh={1.5} style={{ overflowWrap: 'anywhere' }}>
      {replyLines(text).map((line, i) =>
        line.text === '' && !line.marker ? (
          <Box key={i} h="0.5em" />
        ) : (
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
            {line.text}
          </Box>
        ),
      )}
    </Text>
  );
}
