import { useState } from 'react';
import { Alert, Button, Card, Group, Select, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useDatabaseErrorText } from '@shared/i18n/database-errors.ts';
import { useT } from '../../../i18n/use-t.ts';
import { exportTimesheetCsv, type TimesheetHeaders } from '../api/export-timesheet-csv.ts';
import {
  defaultExportRange,
  exportRangeProblem,
  noCompletedShiftsText,
  timesheetFilename,
  timesheetHasRows,
} from '../insights-format.ts';

interface TimesheetExportProps {
  timeZone: string;
}

/** Completed shifts of a date range as a CSV file for payroll (the database builds it, BOM included). */
export function TimesheetExport({ timeZone }: TimesheetExportProps) {
  const [range, setRange] = useState(() => defaultExportRange(new Date(), timeZone));
  const [isExporting, setIsExporting] = useState(false);
  const t = useT();
  const databaseText = useDatabaseErrorText();
  const { locale } = useLocale();
  // The stable English names by default (payroll software reads them); French for a person to read.
  const [headers, setHeaders] = useState<TimesheetHeaders>('en');
  // A range with nothing to pay: said here rather than downloading a file with only its header.
  const [emptyRange, setEmptyRange] = useState<{ from: string; to: string } | null>(null);

  const download = async () => {
    const problem = exportRangeProblem(range.from, range.to, t);
    if (problem) {
      showError(problem);
      return;
    }
    setIsExporting(true);
    setEmptyRange(null);
    try {
      const csv = await exportTimesheetCsv(range.from, range.to, headers);
      if (!timesheetHasRows(csv)) {
        setEmptyRange(range);
        return;
      }
      saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), timesheetFilename(range.from, range.to));
      showSuccess(t('insights.timesheet.downloaded'));
    } catch (error) {
      // A refusal the database explains, by its code in the person's language; anything else is ours.
      showError(databaseText(error) ?? t('insights.timesheet.failed'));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="timesheet-export-title">
      <Title order={3} fz="lg" id="timesheet-export-title">
        {t('insights.timesheet.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('insights.timesheet.description', { timeZone: timeZone.replace(/_/g, ' ') })}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('insights.timesheet.from')}
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => {
            // Read the value now: the updater runs later, when React has released the event's target.
            const from = e.currentTarget.value;
            setRange((r) => ({ ...r, from }));
            setEmptyRange(null);
          }}
        />
        <TextInput
          type="date"
          label={t('insights.timesheet.to')}
          value={range.to}
          min={range.from || undefined}
          onChange={(e) => {
            const to = e.currentTarget.value;
            setRange((r) => ({ ...r, to }));
            setEmptyRange(null);
          }}
        />
        <Select
          label={t('insights.timesheet.headers')}
          data={[
            { value: 'en', label: t('insights.timesheet.headersEnglish') },
            { value: 'fr-CA', label: t('insights.timesheet.headersFrench') },
          ]}
          value={headers}
          onChange={(value) => setHeaders(value === 'fr-CA' ? 'fr-CA' : 'en')}
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
        />
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={isExporting}
          onClick={() => void download()}
          // French runs longer: on a phone the label wraps inside a full-width button rather than being cut.
          w={{ base: '100%', xs: 'auto' }}
          h="auto"
          mih={36}
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3, paddingBlock: 6 } }}
        >
          {t('insights.timesheet.download')}
        </Button>
      </Group>
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <div role="status">
        {emptyRange && (
          <Alert mt="sm" color="gray" variant="light" icon={<IconInfoCircle size={20} aria-hidden="true" />}>
            {noCompletedShiftsText(emptyRange.from, emptyRange.to, t, locale)}
          </Alert>
        )}
      </div>
    </Card>
  );
}

function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by now; the URL is only needed until it reads the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
