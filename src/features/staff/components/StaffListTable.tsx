import { useCallback, useMemo, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconDotsVertical, IconUserMinus } from '@tabler/icons-react';
import { ColumnsMenu } from '@shared/components/ColumnsMenu.tsx';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { useHiddenColumns } from '@shared/lib/use-hidden-columns.ts';
import { PointerMenu } from '@shared/components/PointerMenu.tsx';
import { RowActionsHint } from '@shared/components/RowActionsHint.tsx';
import { usePointerMenu } from '@shared/lib/use-pointer-menu.ts';
import { DataTable, type DataColumn } from '@shared/components/DataTable.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useDatabaseErrorText } from '@shared/i18n/database-errors.ts';
import type { Locale } from '@shared/i18n/locale.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import { removeStaff } from '../api/remove-staff.ts';
import { useStaffReliability } from '../hooks/use-staff-reliability.ts';
import { reliabilityLabel, reliabilitySummary, settledShifts, type StaffReliability } from '../reliability.ts';
import { formatJoined, formatPhone, orMissing, removeStaffError, type StaffMember } from '../staff-member.ts';

interface StaffListTableProps {
  /** The live staff list (useLiveStaff), which the page shares with the pending invitations. */
  staff: StaffMember[];
  isLoading: boolean;
  error: unknown;
  isReconnecting: boolean;
  /** View Shifts: the page decides where that goes. */
  onViewShifts: (staff: StaffMember) => void;
  /** The company's IANA zone, for the Joined dates (the browser's zone when absent). */
  timeZone?: string;
}

/** What the columns and cards need to speak the person's language. */
interface StaffText {
  t: Translate<DashboardKey>;
  locale: Locale;
  /** The company's IANA zone, for the Joined dates (the browser's zone when absent). */
  timeZone: string | undefined;
}

/** SPEC §2's columns: First name, Last name, Email, Phone. */
const baseColumns = (t: Translate<DashboardKey>): DataColumn<StaffMember>[] => [
  { key: 'first_name', header: t('staffList.column.firstName'), text: (s) => orMissing(s.first_name), minWidth: 130 },
  { key: 'last_name', header: t('staffList.column.lastName'), text: (s) => orMissing(s.last_name), minWidth: 130 },
  {
    key: 'email',
    header: t('staffList.column.email'),
    text: (s) => orMissing(s.email),
    render: (s) => <span style={{ whiteSpace: 'nowrap' }}>{orMissing(s.email)}</span>,
  },
  {
    key: 'phone',
    header: t('staffList.column.phone'),
    text: (s) => formatPhone(s.phone),
    sortValue: (s) => s.phone?.replace(/\D/g, '') || null,
    minWidth: 140,
  },
];

type ReliabilityOf = (member: StaffMember) => StaffReliability | undefined;

const COLUMNS_STORAGE_KEY = 'carecover-staff-list-hidden-columns';
/**
 * SPEC's columns, Joined, the reliability score and no-shows fit a 1440 px screen beside the
 * sidebar; the other counts are one click away in Columns (and always on the phone card, the
 * score's tooltip and the worker's page).
 */
const STAFF_LIST_DEFAULT_HIDDEN: readonly string[] = ['accepted', 'completed', 'late', 'late_cancellations'];

/** A count of the worker's reliability record; '-' until it has loaded (or if it could not). */
function countColumn(
  key: keyof Omit<StaffReliability, 'staff_id' | 'score'>,
  header: string,
  reliabilityOf: ReliabilityOf,
): DataColumn<StaffMember> {
  const value = (s: StaffMember) => reliabilityOf(s)?.[key];
  return {
    key,
    header,
    text: (s) => String(value(s) ?? '-'),
    sortValue: (s) => value(s) ?? null,
    minWidth: 90,
  };
}

function staffColumns({ t, locale, timeZone }: StaffText, reliabilityOf: ReliabilityOf): DataColumn<StaffMember>[] {
  const joined = (s: StaffMember) => formatJoined(s.added_at, timeZone, locale);
  return [
    ...baseColumns(t),
    {
      key: 'added_at',
      header: t('staffList.column.joined'),
      text: joined,
      sortValue: (s) => s.added_at,
      render: (s) => <span style={{ whiteSpace: 'nowrap' }}>{joined(s)}</span>,
      minWidth: 120,
    },
    {
      key: 'reliability',
      header: t('worker.reliability.title'),
      text: (s) => reliabilityLabel(reliabilityOf(s), t, locale),
      // Workers with no record yet sort below any score.
      sortValue: (s) => {
        const r = reliabilityOf(s);
        return r && settledShifts(r) > 0 ? r.score : null;
      },
      render: (s) => {
        const r = reliabilityOf(s);
        return (
          <span style={{ whiteSpace: 'nowrap' }} title={r ? reliabilitySummary(r, t) : undefined}>
            {reliabilityLabel(r, t, locale)}
          </span>
        );
      },
      minWidth: 110,
    },
    countColumn('accepted', t('worker.reliability.accepted'), reliabilityOf),
    countColumn('completed', t('worker.reliability.completed'), reliabilityOf),
    countColumn('late', t('worker.reliability.late'), reliabilityOf),
    countColumn('no_shows', t('worker.reliability.noShows'), reliabilityOf),
    countColumn('late_cancellations', t('worker.reliability.lateCancellations'), reliabilityOf),
  ];
}

function displayName(member: StaffMember): string {
  return `${member.first_name} ${member.last_name}`.trim() || member.email;
}

/** A staff member as a phone card: who, how to reach them, since when, how reliable. */
function staffCardRenderer({ t, locale, timeZone }: StaffText, reliabilityOf: ReliabilityOf) {
  return function renderStaffCard(member: StaffMember) {
    const reliability = reliabilityOf(member);
    return (
      <Stack gap={2}>
        <Text size="sm" fw={700}>
          {displayName(member)}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {orMissing(member.email)}
        </Text>
        <Text size="sm">{formatPhone(member.phone)}</Text>
        <Text size="xs" c="dimmed">
          {t('staffList.card.joined', { date: formatJoined(member.added_at, timeZone, locale) })}
        </Text>
        {reliability && (
          <Text size="xs">
            {t('staffList.card.reliability', {
              score: reliabilityLabel(reliability, t, locale),
              summary: reliabilitySummary(reliability, t),
            })}
          </Text>
        )}
      </Stack>
    );
  };
}

/**
 * Staff List (SPEC §2): the employed staff, live, with when each joined, and View Shifts and Remove
 * staff on right-click or the row's menu button. A removal leaves the list through Realtime, like
 * any other change of the company's employments.
 */
export function StaffListTable({
  staff,
  isLoading,
  error,
  isReconnecting,
  onViewShifts,
  timeZone,
}: StaffListTableProps) {
  const t = useT();
  const databaseText = useDatabaseErrorText();
  const { locale } = useLocale();
  const text = useMemo<StaffText>(() => ({ t, locale, timeZone }), [t, locale, timeZone]);
  // Read again whenever the list changes (a worker joined, left or was removed).
  const staffKey = useMemo(() => staff.map((s) => s.id).join(','), [staff]);
  const { state: reliability, reload: reloadReliability } = useStaffReliability(undefined, staffKey);
  const reliabilityOf = useCallback<ReliabilityOf>(
    (member) => (reliability.status === 'ready' ? reliability.byStaff.get(member.id) : undefined),
    [reliability],
  );
  const allColumns = useMemo(() => staffColumns(text, reliabilityOf), [text, reliabilityOf]);
  const [hidden, setColumnHidden] = useHiddenColumns(COLUMNS_STORAGE_KEY, STAFF_LIST_DEFAULT_HIDDEN);
  const columns = useMemo(() => allColumns.filter((c) => !hidden.has(c.key)), [allColumns, hidden]);
  const renderCard = useMemo(() => staffCardRenderer(text, reliabilityOf), [text, reliabilityOf]);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);

  const confirmRemove = async () => {
    if (!removing) return;
    setIsRemoving(true);
    try {
      await removeStaff(removing.id);
      showSuccess(t('staffList.remove.done'));
      setRemoving(null);
    } catch (failure) {
      const { title, message } = removeStaffError(failure, t, databaseText);
      showError(message, title);
    } finally {
      setIsRemoving(false);
    }
  };

  const renderActions = useCallback(
    (member: StaffMember) => {
      const name = displayName(member);
      return (
        <Menu
          opened={menuFor === member.id}
          onChange={(isOpen) => setMenuFor(isOpen ? member.id : null)}
          position="bottom-start"
          shadow="md"
          width={180}
        >
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('staffList.actionsFor', { name })}>
              <IconDotsVertical size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <StaffMenuItems onViewShifts={() => onViewShifts(member)} onRemove={() => setRemoving(member)} />
          </Menu.Dropdown>
        </Menu>
      );
    },
    [menuFor, onViewShifts, t],
  );
  const pointerMenu = usePointerMenu<StaffMember>(() => setMenuFor(null));
  const contextMember = pointerMenu.row;
  const initialSort = useMemo(() => ({ key: 'first_name', direction: 'asc' as const }), []);

  if (error && staff.length === 0) {
    return <Alert color="red" variant="light" role="alert" title={t('staffList.loadFailed')} />;
  }
  return (
    <Stack gap="xs">
      <DataTable
        label={t('staffList.title')}
        rows={staff}
        columns={columns}
        getRowId={(s) => s.id}
        initialSort={initialSort}
        isLoading={isLoading}
        isReconnecting={isReconnecting}
        searchLabel={t('staffList.search')}
        emptyDescription={t('staffList.empty')}
        noMatchDescription={t('staffList.noMatch')}
        renderActions={renderActions}
        actionsLabel={t('staffList.actions')}
        onRowContextMenu={pointerMenu.open}
        renderCard={renderCard}
        toolbar={<ColumnsMenu columns={allColumns} hidden={hidden} onToggle={setColumnHidden} />}
        sortColumns={allColumns}
      />
      <RowActionsHint />
      {reliability.status === 'error' ? (
        <Group gap="xs">
          <Text size="xs" c="red.8" role="alert">
            {t('staffList.reliabilityFailed')}
          </Text>
          <Button size="compact-xs" variant="default" onClick={reloadReliability}>
            {t('worker.retry')}
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {t('staffList.reliabilityNote', { explained: t('worker.reliability.explained') })}
        </Text>
      )}
      <PointerMenu at={pointerMenu.at} onClose={pointerMenu.close} label={t('staffList.actions')} width={180}>
        <StaffMenuItems
          onViewShifts={() => contextMember && onViewShifts(contextMember)}
          onRemove={() => contextMember && setRemoving(contextMember)}
        />
      </PointerMenu>
      <ConfirmDialog
        isOpen={removing != null}
        isSubmitting={isRemoving}
        title={t('staffList.remove.title')}
        message={removing ? t('staffList.remove.message', { name: displayName(removing) }) : undefined}
        confirmLabel={t('staffList.remove.confirm')}
        confirmColor="red.8"
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}

/** A staff member's actions, the same from the row's button and from a right-click. */
function StaffMenuItems({ onViewShifts, onRemove }: { onViewShifts: () => void; onRemove: () => void }) {
  const t = useT();
  return (
    <>
      <Menu.Item leftSection={<IconCalendarEvent size={16} aria-hidden="true" />} onClick={onViewShifts}>
        {t('staffList.viewShifts')}
      </Menu.Item>
      <Menu.Item color="red.8" leftSection={<IconUserMinus size={16} aria-hidden="true" />} onClick={onRemove}>
        {t('staffList.remove.action')}
      </Menu.Item>
    </>
  );
}
