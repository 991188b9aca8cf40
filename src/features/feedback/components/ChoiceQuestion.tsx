import { Group, Radio, Stack } from '@mantine/core';
import type { ChoiceOption } from '../feedback-text.ts';

interface ChoiceQuestionProps {
  field: string;
  label: string;
  description?: string;
  /** The stored values with their names in the person's language. */
  options: readonly ChoiceOption[];
  value: string;
  error?: string;
  /** Scales and Yes/No sit on one line; longer answers stack. */
  isInline?: boolean;
  onChange: (value: string) => void;
}

/** One required single-choice question of the survey, as a labelled radio group. */
export function ChoiceQuestion({
  field,
  label,
  description,
  options,
  value,
  error,
  isInline = false,
  onChange,
}: ChoiceQuestionProps) {
  const Layout = isInline ? Group : Stack;
  return (
    <Radio.Group
      label={label}
      description={description}
      value={value === '' ? null : value}
      onChange={onChange}
      error={error}
      withAsterisk
      wrapperProps={{ 'data-feedback-field': field }}
      styles={{ label: { fontWeight: 600 } }}
    >
      <Layout gap={isInline ? 'lg' : 'xs'} mt="xs">
        {options.map((option) => (
          <Radio key={option.value} value={option.value} label={option.label} />
        ))}
      </Layout>
    </Radio.Group>
  );
}
