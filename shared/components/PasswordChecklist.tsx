import { List, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { passwordCriteria } from '../lib/validation.ts';

/** The live list of password criteria shown while the sign-up password field is focused. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <List id={id} spacing={4} size="sm" mt={8} aria-label="Password requirements" listStyleType="none">
      {passwordCriteria(password).map((criterion) => (
        <List.Item
          key={criterion.id}
          icon={
            criterion.isMet ? (
              <IconCircleCheckFilled size={16} color="var(--mantine-color-teal-7)" aria-hidden="true" />
            ) : (
              <IconCircleDashed size={16} color="var(--mantine-color-gray-6)" aria-hidden="true" />
            )
          }
        >
          <Text component="span" size="sm" c={criterion.isMet ? 'teal.9' : 'gray.7'}>
            {criterion.label}
            <VisuallyHidden>{criterion.isMet ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
