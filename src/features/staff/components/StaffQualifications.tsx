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
import { errorMessage } from '@shared/lib/errors.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { fetchQualifications, saveQualifications } from '../api/qualifications.ts';
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

function Values({ label, values }: { label: string; values: readonly string[] }) {
  return (
    <Group gap={6} wrap="wrap" align="center">
      <Text size="sm" fw={600} miw={150}>
        {label}
      </Text>
      {values.length === 0 ? (
        <Text size="sm" c="dimmed">
          Not recorded
        </Text>
      ) : (
        values.map((value) => (
          <Badge key={value} variant="light" color="teal" tt="none" fw={500}>
            {value}
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
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const [generation, setGeneration] = useState(0);
  const form = useForm<Qualifications>({
    initialValues: EMPTY_QUALIFICATIONS,
    validate: (values) => ({ ...validateQualifications(values) }),
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
    form.setValues(state.value);
    form.resetDirty(state.value);
    setIsEditing(true);
    // form is stable across renders (useForm); only the loaded value matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  const save = form.onSubmit(async (values) => {
    setIsSaving(true);
    try {
      await saveQualifications(companyId, staffId, values);
      setState({ status: 'ready', value: values });
      setIsEditing(false);
      showSuccess('Only the shifts these allow will be offered to this staff member.', 'Qualifications saved');
    } catch (error) {
      showError(errorMessage(error), 'Could not save the qualifications');
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
            Qualifications
          </Title>
        </Group>
        {state.status === 'ready' && !isEditing && (
          <Button size="xs" variant="default" onClick={startEditing}>
            Edit qualifications
          </Button>
        )}
      </Group>

      {state.status === 'loading' && (
        <Stack gap={6} aria-busy="true" aria-label="Loading qualifications">
          <Skeleton height={14} width="50%" />
          <Skeleton height={14} width="40%" />
        </Stack>
      )}
      {state.status === 'error' && (
        <Alert color="red" variant="light" title="Qualifications could not be loaded">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(state.error)}</Text>
            <Button size="xs" variant="default" onClick={() => setGeneration((n) => n + 1)}>
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {state.status === 'ready' && !isEditing && (
        <Stack gap={8}>
          {!isRecorded(state.value) && (
            <Text size="sm" c="dimmed">
              Nothing recorded yet: this staff member is offered every shift you post.
            </Text>
          )}
          <Values label="Staff types" values={state.value.staff_types} />
          <Values label="Skills" values={state.value.skills} />
          <Values label="Languages" values={state.value.languages} />
          <Group gap={6}>
            <Text size="sm" fw={600} miw={150}>
              Hours per week
            </Text>
            <Text size="sm" c={state.value.max_weekly_hours === null ? 'dimmed' : undefined}>
              {state.value.max_weekly_hours === null
                ? 'Up to the overtime threshold of the shift’s province or state'
                : `At most ${state.value.max_weekly_hours}`}
            </Text>
          </Group>
        </Stack>
      )}
      {state.status === 'ready' && isEditing && (
        <form onSubmit={save} aria-label="Qualifications" noValidate>
          <Stack gap="sm">
            <MultiSelect
              label="Staff types"
              description="The shifts of these types are offered to this staff member"
              data={withRecorded(STAFF_TYPE_OPTIONS, form.values.staff_types)}
              searchable
              clearable
              {...form.getInputProps('staff_types')}
            />
            <MultiSelect
              label="Skills"
              data={withRecorded(SKILL_OPTIONS, form.values.skills)}
              searchable
              clearable
              {...form.getInputProps('skills')}
            />
            <TagsInput
              label="Languages"
              description="Choose or type a language, then press Enter"
              data={LANGUAGE_SUGGESTIONS}
              clearable
              maxTags={20}
              {...form.getInputProps('languages')}
            />
            <NumberInput
              label="Most hours per week"
              description="Empty: the overtime threshold of the shift’s province or state"
              min={1}
              max={168}
              step={1}
              decimalScale={1}
              allowNegative={false}
              clampBehavior="none"
              value={form.values.max_weekly_hours ?? ''}
              error={form.errors.max_weekly_hours}
              onChange={(value) => form.setFieldValue('max_weekly_hours', value === '' ? null : Number(value))}
              maw={260}
            />
            <Group gap="sm">
              <Button type="submit" loading={isSaving}>
                Save qualifications
              </Button>
              <Button variant="default" disabled={isSaving} onClick={() => setIsEditing(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
