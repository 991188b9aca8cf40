import { useState } from 'react';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { showSuccess } from '@shared/lib/toast.ts';
import { useStaffErrorText } from '../../../lib/use-staff-error-text.ts';
import { joinAgency } from '../api/join-agency.ts';
import { useT } from '../../../i18n/use-t.ts';

interface JoinAgencyFormProps {
  /** Agencies the worker already works for, to say so instead of joining again. */
  joinedIds: readonly string[];
  onJoined: (companyId: string) => void;
}

/** Join an agency with the 4-character company code it shows on its dashboard. */
export function JoinAgencyForm({ joinedIds, onJoined }: JoinAgencyFormProps) {
  const t = useT();
  const errorText = useStaffErrorText();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isJoining, setIsJoining] = useState(false);

  const submit = async () => {
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('staff.agencies.codeRequired'));
      return;
    }
    setIsJoining(true);
    setError(null);
    try {
      const companyId = await joinAgency(trimmed);
      if (joinedIds.includes(companyId)) {
        setError(t('staff.agencies.alreadyJoined'));
      } else {
        showSuccess(t('staff.agencies.joinedText'), t('staff.agencies.joinedTitle'));
        setCode('');
        onJoined(companyId);
      }
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsJoining(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label={t('staff.agencies.code')}
          description={t('staff.agencies.codeHelp')}
          placeholder={t('staff.agencies.codePlaceholder')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          maxLength={8}
          autoCapitalize="none"
          autoCorrect="off"
          autoComplete="off"
          spellCheck={false}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={isJoining} mt={46}>
          {t('staff.agencies.join')}
        </Button>
      </Group>
      {error === null && isJoining && (
        <Alert color="gray" mt="xs" role="status">
          {t('staff.agencies.joining')}
        </Alert>
      )}
    </form>
  );
}
