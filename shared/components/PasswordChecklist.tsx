import { List, Text, VisuallyHidden } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleDashed } from '@tabler/icons-react';
import { passwordCriteria, PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS } from '../lib/validation.ts';
import { useSharedT } from '../i18n/keys.ts';

/** The live list of password criteria shown while the sign-up password field is focused. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const t = useSharedT();
  const labels = {
    length: t('password.criterion.length', { min: PASSWORD_MIN_LENGTH }),
    capital: t('password.criterion.capital'),
    digit: t('password.criterion.digit'),
    special: t('password.criterion.special', { characters: PASSWORD_SPECIAL_CHARACTERS }),
  };
  return (
    <List id={id} spacing={4} size="sm" mt={8} aria-label={t('password.requirements')} listStyleType="none">
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
            {labels[criterion.id]}
            <VisuallyHidden>{criterion.isMet ? t('password.met') : t('password.notMet')}</VisuallyHidden>
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
