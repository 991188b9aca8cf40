import { useCallback, useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCertificate } from '@tabler/icons-react';
import { LANGUAGE_SUGGESTIONS, SKILL_OPTIONS, STAFF_TYPE_OPTIONS } from '@shared/config/care-roles.ts';
import { useCareRoleName, useCareRoleValue } from '@shared/i18n/care-role-names.ts';
import { formatNumber } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { fetchQualifications, NO_LONGER_EMPLOYED, saveQualifications } from '../api/qualifications.ts';
import { EMPTY_QUALIFICATIONS, isRecorded, validateQualifications, type Qualifications } from '../qualifications.ts';

interface StaffQualificationsProps {
  companyId: string;
  staffId: string;
}

type LoadState =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; value: Qualifications };

/** The lists a worker's record may hold: the offered choices plus whatever was recorded before. */
const withRecorded = (options: readonly string[], recorded: readonly string[]) => [
  ...options,
  ...recorded.filter((value) => !options.includes(value)),
];

/**
 * One recorded list; `name` shows a stored value in the person's language (staff types and skills
 * have names; a value the agency typed shows as typed).
 */
function Values({
  label,
  values,
  name = (value) => value,
}: {
  label: string;
  values: readonly string[];
  name?: (value: string) => string;
}) {
  const t = useT();
  return (
    <Group gap={6} wrap="wrap" align="center">
      <Text size="sm" fw={600} miw={150}>
        {label}
      </Text>
      {values.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('worker.qualifications.notRecorded')}
        </Text>
      ) : (
        values.map((value) => (
          <Badge key={value} variant="light" color="teal" tt="none" fw={500}>
            {name(value)}
          </Badge>
        ))
      )}
    </Group>
  );
}

/**
 * What this agency counts the worker as (staff types, skills, languages, weekly hours): dispatch
 * offers the worker only the shifts these allow. Until something is recorded, every shift is open
 * to them, which the card says.
 */
export function StaffQualifications({ companyId, staffId }: StaffQualificationsProps) {
  const t = useT();
  const { locale } = useLocale();
  const ruleText = useRuleText();
  const roleName = useCareRoleName();
  const roleValue = useCareRoleValue();
  // The database keeps the English values dispatch matches on; the choices show their names.
  const roleChoices = (options: readonly string[], recorded: readonly string[]) =>
    withRecorded(options, recorded).map((value) => ({ value, label: roleName(value) }));
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [generation, setGeneration] = useState(0);
  const form = useForm<Qualifications>({
    initialValues: EMPTY_QUALIFICATIONS,
    validate: (values) => ({ ...validateQualifications(values, t) }),
  });

  useEffect(() => {
    let current = true;
    fetchQualifications(companyId, staffId)
      .then((value) => current && setState({ status: 'ready', value: value ?? EMPTY_QUALIFICATIONS }))
      .catch((error: unknown) => current && setState({ status: 'error', error }));
    return () => {
      current = false;
    };
  }, [companyId, staffId, generation]);

  const startEditing = useCallback(() => {
    if (state.status !== 'ready') return;
    // Languages are typed freely: the form shows the known ones by their names, saved as their values.
    const shown = { ...state.value, languages: state.value.languages.map(roleName) };
    form.setValues(shown);
    form.resetDirty(shown);
    setIsEditing(true);
    // form is stable across renders (useForm); the loaded value and the language matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, roleName]);

  const staffTypesInput = form.getInputProps('staff_types');
  const save = form.onSubmit(async (typed) => {
    const values = { ...typed, languages: [...new Set(typed.languages.map(roleValue))] };
    setIsSaving(true);
    try {
      await saveQualifications(companyId, staffId, values);
      setState({ status: 'ready', value: values });
      setIsEditing(false);
      showSuccess(t('worker.qualifications.savedText'), t('worker.qualifications.saved'));
    } catch (error) {
      const message =
        error instanceof Error && error.message === NO_LONGER_EMPLOYED
          ? t('worker.qualifications.gone')
          : ruleText(errorMessage(error));
      showError(message, t('worker.qualifications.saveFailed'));
    } finally {
      setIsSaving(false);
    }
  });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="staff-qualifications-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Group gap="xs">
          <IconCertificate size={18} aria-hidden="true" />
          <Title order={3} fz="md" id="staff-qualifications-title">
            {t('worker.qualifications.title')}
          </Title>
        </Group>
        {state.status === 'ready' && !isEditing && (
          <Button size="xs" variant="default" onClick={startEditing}>
            {t('worker.qualifications.edit')}
          </Button>
        )}
      </Group>

      {state.status === 'loading' && (
        <Stack gap={6} aria-busy="true" aria-label={t('worker.qualifications.loading')}>
          <Skeleton height={14} width="50%" />
          <Skeleton height={14} width="40%" />
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" title={t('worker.qualifications.loadFailed')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{ruleText(errorMessage(state.error))}</Text>
            <Button size="xs" variant="default" onClick={() => setGeneration((n) => n + 1)}>
              {t('worker.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {state.status === 'ready' && !isEditing && (
        <Stack gap={8}>
          {!isRecorded(state.value) && (
            <Text size="sm" c="dimmed">
              {t('worker.qualifications.nothing')}
            </Text>
          )}
          <Values label={t('worker.qualifications.staffTypes')} values={state.value.staff_types} name={roleName} />
          <Values label={t('worker.qualifications.skills')} values={state.value.skills} name={roleName} />
          <Values label={t('worker.qualifications.languages')} values={state.value.languages} name={roleName} />
          <Group gap={6}>
            <Text size="sm" fw={600} miw={150}>
              {t('worker.qualifications.hoursPerWeek')}
            </Text>
            <Text size="sm" c={state.value.max_weekly_hours === null ? 'dimmed' : undefined}>
              {state.value.max_weekly_hours === null
                ? t('worker.qualifications.hoursDefault')
                : t('worker.qualifications.hoursAtMost', {
                    hours: formatNumber(state.value.max_weekly_hours, locale),
                  })}
            </Text>
          </Group>
        </Stack>
      )}
      {state.status === 'ready' && isEditing && (
        <form onSubmit={save} aria-label={t('worker.qualifications.title')} noValidate>
          <Stack gap="sm">
            <MultiSelect
              label={t('worker.qualifications.staffTypes')}
              description={t('worker.qualifications.staffTypesHelp')}
              data={roleChoices(STAFF_TYPE_OPTIONS, form.values.staff_types)}
              searchable
              clearable
              {...staffTypesInput}
            />
            <MultiSelect
              label={t('worker.qualifications.skills')}
              data={roleChoices(SKILL_OPTIONS, form.values.skills)}
              searchable
              clearable
              {...form.getInputProps('skills')}
            />
            <TagsInput
              label={t('worker.qualifications.languages')}
              description={t('worker.qualifications.languagesHelp')}
              data={LANGUAGE_SUGGESTIONS.map(roleName)}
              clearable
              maxTags={20}
              {...form.getInputProps('languages')}
            />
            <NumberInput
              label={t('worker.qualifications.maxHours')}
              description={t('worker.qualifications.maxHoursHelp')}
              min={1}
              max={168}
              step={1}
              decimalScale={1}
              decimalSeparator={locale === 'fr-CA' ? ',' : '.'}
              allowNegative={false}
              clampBehavior="none"
              value={form.values.max_weekly_hours ?? ''}
              error={form.errors.max_weekly_hours}
              onChange={(value) => form.setFieldValue('max_weekly_hours', value === '' ? null : Number(value))}
              maw={260}
            />
            <Group gap="sm">
              <Button type="submit" loading={isSaving}>
                {t('worker.qualifications.save')}
              </Button>
              <Button variant="default" disabled={isSaving} onClick={() => setIsEditing(false)}>
                {t('confirm.cancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
