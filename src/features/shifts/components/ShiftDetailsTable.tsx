import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Stack, VisuallyHidden } from '@mantine/core';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { ColumnsMenu } from '@shared/components/ColumnsMenu.tsx';
import { usePointerMenu } from '@shared/lib/use-pointer-menu.ts';
import { DataTable } from '@shared/components/DataTable.tsx';
import { useHiddenColumns } from '@shared/lib/use-hidden-columns.ts';
import { useNow } from '@shared/lib/use-now.ts';
import { RowActionsHint } from '@shared/components/RowActionsHint.tsx';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import { useDatabaseErrorText } from '@shared/i18n/database-errors.ts';
import { useRuleText } from '@shared/i18n/validation-text.ts';
import { deleteShift } from '../api/delete-shift.ts';
import { copyShiftId } from '../copy-shift-id.ts';
import { useLiveShifts } from '../hooks/use-live-shifts.ts';
import { useStaffNames } from '../hooks/use-staff-names.ts';
import { NEWEST_FIRST, SHIFT_DETAILS_DEFAULT_HIDDEN, shiftDetailsColumns } from '../shift-columns.tsx';
import { NEW_SHIFT_MARKER, useNewShiftHighlight } from '../hooks/use-new-shift-highlight.ts';
import {
  attentionReason,
  isInView,
  openingView,
  viewCounts,
  viewShowing,
  type AttentionReason,
  type ShiftView,
} from '../shift-views.ts';
import { REPOST_FAILED, repostShift } from '../api/repost-shift.ts';
import { DEFAULT_REPOST_AFTER_MINUTES, lateAlerts, repostWaitReason, type LateAlert } from '../no-show-alerts.ts';
import type { ShiftAttention } from '../shift-columns.tsx';
import { LateAlertsNotice } from './LateAlertsNotice.tsx';
import { RepostDialog } from './RepostDialog.tsx';
import { ShiftViewChips } from './ShiftViewChips.tsx';
import { staffNameInSentence, zonedTimeOfDay } from '../shift-display.ts';
import { useShiftText } from '../shift-text.ts';
import type { ShiftRow } from '../shift-row.ts';
import { clockOutRefusal } from '../shift-status.ts';
import { shiftCardAccent, shiftCardRenderer } from './ShiftCard.tsx';
import { ClockOutDialog } from './ClockOutDialog.tsx';
import { findShiftActionsButton, ShiftContextMenu, ShiftRowMenu } from './ShiftRowMenu.tsx';
import classes from './ShiftDetailsTable.module.css';

interface ShiftDetailsTableProps {
  companyId: string;
  timeZone: string;
  /** Adds 'View timeline' to each row's menu; the page decides what it opens. */
  onViewTimeline?: (shiftId: string) => void;
  /**
   * A shift just posted: once it is on the board (now or when Realtime brings it), the board shows
   * it whatever view or search it was left on, and highlights it briefly.
   */
  newShiftId?: string | null;
  /** The new shift is on screen: the page can forget it (a reload does not highlight it again). */
  onNewShiftShown?: () => void;
  /** The view the person chose before (the page keeps it in the URL); none lets the board pick. */
  initialView?: ShiftView | null;
  /** The person (or a just-posted shift) chose a view: the page keeps it across tabs and reloads. */
  onViewChosen?: (view: ShiftView) => void;
  /** The agency's setting: minutes after the start from which a late worker's shift may be re-posted. */
  repostAfterMinutes?: number;
}

const COLUMNS_STORAGE_KEY = 'carecover-shift-details-hidden-columns';
const VIEW_TICK_MS = 30_000;

/** Shift Details (SPEC §2): the company's shifts, live, with Clock Staff Out, Copy ShiftID and Delete. */
export function ShiftDetailsTable({
  companyId,
  timeZone,
  onViewTimeline,
  newShiftId = null,
  onNewShiftShown,
  initialView = null,
  onViewChosen,
  repostAfterMinutes = DEFAULT_REPOST_AFTER_MINUTES,
}: ShiftDetailsTableProps) {
  const text = useShiftText(timeZone);
  const databaseText = useDatabaseErrorText();
  const ruleText = useRuleText();
  const { t } = text;
  const { shifts, isLoading, error, isReconnecting, applyChange } = useLiveShifts(companyId);
  const acceptedBy = useMemo(() => shifts.map((s) => s.accepted_by), [shifts]);
  const names = useStaffNames(acceptedBy);

  // Views move with the clock too (a shift turns late without any change to its row).
  const now = useNow(VIEW_TICK_MS);
  const counts = useMemo(() => viewCounts(shifts, now), [shifts, now]);
  const alerts = useMemo(() => lateAlerts(shifts, now, repostAfterMinutes), [shifts, now, repostAfterMinutes]);
  // Late, no-show and waves-exhausted marks for the status cells (Unfilled has its own), rebuilt only
  // when the marked set changes, so a clock tick that changes nothing does not rebuild the columns.
  const attentionKey = useMemo(
    () =>
      shifts
        .flatMap((s) => {
          const reason = attentionReason(s, now);
          return reason && reason !== 'unfilled' ? [`${s.id}=${reason}`] : [];
        })
        .join(','),
    [shifts, now],
  );
  const attention = useMemo<ShiftAttention>(
    () =>
      new Map(
        attentionKey === '' ? [] : attentionKey.split(',').map((pair) => pair.split('=') as [string, AttentionReason]),
      ),
    [attentionKey],
  );
  const allColumns = useMemo(() => shiftDetailsColumns(text, names, attention), [text, names, attention]);
  const [hidden, setColumnHidden] = useHiddenColumns(COLUMNS_STORAGE_KEY, SHIFT_DETAILS_DEFAULT_HIDDEN);
  const columns = useMemo(() => allColumns.filter((c) => !hidden.has(c.key)), [allColumns, hidden]);
  const [chosenView, setChosenView] = useState<ShiftView | null>(initialView);
  useEffect(() => {
    if (chosenView) onViewChosen?.(chosenView);
  }, [chosenView, onViewChosen]);
  // Picked once, when the shifts have loaded: later changes never move the person off a view.
  const [firstView, setFirstView] = useState<ShiftView | null>(null);
  const opening = firstView ?? (isLoading ? null : openingView(counts));
  if (firstView === null && opening !== null) setFirstView(opening);
  // While loading no chip is marked: marking All and then moving to the opening view would show a
  // choice the board then takes back (and a click on All in that moment would be lost).
  const pickedView = chosenView ?? opening;
  const view = pickedView ?? 'all';

  // The just-posted shift, once loaded: switch to a view that holds it and remount the table (its
  // search, sort and page start over, so the newest shift is on the first page), in this render.
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [shownNewId, setShownNewId] = useState<string | null>(null);
  const [tableKey, setTableKey] = useState(0);
  const newShift = newShiftId && newShiftId !== shownNewId ? shifts.find((s) => s.id === newShiftId) : undefined;
  if (newShift && !isLoading) {
    setShownNewId(newShift.id);
    const showing = viewShowing(newShift, view, now);
    if (showing !== view) setChosenView(showing);
    setHighlightId(newShift.id);
    setTableKey((key) => key + 1);
  }
  const visibleShifts = useMemo(
    () => (view === 'all' ? shifts : shifts.filter((s) => isInView(s, view, now))),
    [shifts, view, now],
  );

  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [clockingOut, setClockingOut] = useState<ShiftRow | null>(null);
  const [deleting, setDeleting] = useState<ShiftRow | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const [reposting, setReposting] = useState<ShiftRow | null>(null);
  const [isReposting, setIsReposting] = useState(false);
  const alertFor = useCallback((shiftId: string) => alerts.find((a) => a.shift.id === shiftId), [alerts]);
  const waitReason = useCallback(
    (alert: LateAlert) =>
      repostWaitReason(
        alert,
        repostAfterMinutes,
        zonedTimeOfDay(new Date(alert.repostOpensAt).toISOString(), text),
        text,
      ),
    [repostAfterMinutes, text],
  );
  // The dialogs are opened from a row's menu, whose item is gone when they close: focus goes back
  // to that row's menu button instead (keyboard users continue where they were).
  const tableRef = useRef<HTMLDivElement>(null);
  const dialogFor = useRef<string | null>(null);
  const rowActionsButton = useCallback(() => findShiftActionsButton(tableRef.current, dialogFor.current), []);
  useNewShiftHighlight(tableRef, highlightId, () => setHighlightId(null));
  useEffect(() => {
    if (highlightId) onNewShiftShown?.();
  }, [highlightId, onNewShiftShown]);

  const startClockOut = useCallback(
    (shift: ShiftRow) => {
      const refusal = clockOutRefusal(shift.status);
      dialogFor.current = shift.id;
      if (refusal) showError(t(refusal));
      else setClockingOut(shift);
    },
    [t],
  );

  // From a row's menu the threshold may not have passed yet: say when it does instead.
  const startRepost = useCallback(
    (shift: ShiftRow) => {
      dialogFor.current = shift.id;
      const alert = alertFor(shift.id);
      const wait = alert ? waitReason(alert) : null;
      if (wait) showError(wait);
      else setReposting(shift);
    },
    [alertFor, waitReason],
  );

  const confirmRepost = async () => {
    if (!reposting) return;
    setIsReposting(true);
    try {
      const offered = await repostShift(reposting.id);
      showSuccess(t('shifts.repost.done', { offered }));
      setReposting(null);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : REPOST_FAILED;
      // The database's refusal by its code; else ours, or the network's, in the person's language.
      showError(databaseText(failure) ?? (message === REPOST_FAILED ? t('shifts.repost.failure') : ruleText(message)));
    } finally {
      setIsReposting(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setIsDeleting(true);
    try {
      await deleteShift(deleting.id);
      applyChange({ type: 'delete', id: deleting.id });
      showSuccess(t('shifts.delete.success'));
      setDeleting(null);
    } catch {
      showError(t('shifts.delete.failure'));
    } finally {
      setIsDeleting(false);
    }
  };

  // Re-post is in the menu of a late shift only, with why not yet before the threshold.
  const repostProps = useCallback(
    (shift: ShiftRow) => {
      const alert = alertFor(shift.id);
      return alert ? { onRepost: () => startRepost(shift), repostRefusal: waitReason(alert) } : {};
    },
    [alertFor, startRepost, waitReason],
  );

  const renderActions = useCallback(
    (shift: ShiftRow) => (
      <>
        {/* In the row (and the phone card) beside its menu: the cue for screen readers, and the
            hook for the tint in ShiftDetailsTable.module.css. */}
        {shift.id === highlightId && (
          <VisuallyHidden {...{ [NEW_SHIFT_MARKER]: true }}>{t('shifts.justPosted')}</VisuallyHidden>
        )}
        <ShiftRowMenu
          shiftId={shift.id}
          isOpen={menuFor === shift.id}
          onOpenChange={(isOpen) => setMenuFor(isOpen ? shift.id : null)}
          status={shift.status}
          onClockOut={() => startClockOut(shift)}
          onCopy={() => void copyShiftId(shift.id, text)}
          onDelete={() => {
            dialogFor.current = shift.id;
            setDeleting(shift);
          }}
          onViewTimeline={onViewTimeline ? () => onViewTimeline(shift.id) : undefined}
          {...repostProps(shift)}
        />
      </>
    ),
    [menuFor, startClockOut, onViewTimeline, highlightId, repostProps, t, text],
  );
  const pointerMenu = usePointerMenu<ShiftRow>(() => setMenuFor(null));
  const contextShift = pointerMenu.row;
  const renderCard = useMemo(() => shiftCardRenderer({ text, names, attention }), [text, names, attention]);

  if (error && shifts.length === 0) {
    return <Alert color="red" variant="light" role="alert" title={t('shifts.loadFailed')} />;
  }

  return (
    <Stack gap="xs" ref={tableRef} className={classes.board}>
      <LateAlertsNotice
        alerts={alerts}
        names={names}
        text={text}
        repostAfterMinutes={repostAfterMinutes}
        onRepost={(shift) => {
          dialogFor.current = null;
          setReposting(shift);
        }}
      />
      <DataTable
        key={tableKey}
        label={t('nav.shiftDetails')}
        rows={visibleShifts}
        columns={columns}
        getRowId={(s) => s.id}
        initialSort={NEWEST_FIRST}
        isLoading={isLoading}
        isReconnecting={isReconnecting}
        searchLabel={t('shifts.search')}
        emptyDescription={shifts.length === 0 ? t('shifts.empty') : t('shifts.emptyView')}
        noMatchDescription={t('shifts.noMatch')}
        renderActions={renderActions}
        actionsLabel={t('shifts.menu.actions')}
        onRowContextMenu={pointerMenu.open}
        toolbar={<ColumnsMenu columns={allColumns} hidden={hidden} onToggle={setColumnHidden} />}
        filters={<ShiftViewChips view={pickedView} counts={counts} onChange={setChosenView} />}
        renderCard={renderCard}
        cardAccent={shiftCardAccent}
        sortColumns={allColumns}
      />
      <RowActionsHint prefix={t('shifts.timesIn', { zone: timeZone.replace(/_/g, ' ') })} />
      <ShiftContextMenu
        at={pointerMenu.at}
        onClose={pointerMenu.close}
        status={contextShift?.status}
        onClockOut={contextShift ? () => startClockOut(contextShift) : undefined}
        onCopy={() => contextShift && void copyShiftId(contextShift.id, text)}
        onDelete={
          contextShift
            ? () => {
                dialogFor.current = contextShift.id;
                setDeleting(contextShift);
              }
            : undefined
        }
        onViewTimeline={onViewTimeline && contextShift ? () => onViewTimeline(contextShift.id) : undefined}
        {...(contextShift ? repostProps(contextShift) : {})}
      />
      <ClockOutDialog
        shift={clockingOut}
        staffName={clockingOut ? staffNameInSentence(clockingOut.accepted_by, names, text) : ''}
        onClose={() => setClockingOut(null)}
        onClockedOut={(shift) => applyChange({ type: 'upsert', row: shift })}
        returnFocusTo={rowActionsButton}
        text={text}
      />
      <RepostDialog
        shift={reposting}
        staffName={reposting ? staffNameInSentence(reposting.accepted_by, names, text, { start: true }) : ''}
        isSubmitting={isReposting}
        onConfirm={() => void confirmRepost()}
        onCancel={() => setReposting(null)}
        returnFocusTo={rowActionsButton}
      />
      <ConfirmDialog
        isOpen={deleting != null}
        isSubmitting={isDeleting}
        message={deleting ? t('shifts.delete.question', { id: deleting.id }) : undefined}
        confirmLabel={t('shifts.menu.delete')}
        confirmColor="red.8"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        returnFocusTo={rowActionsButton}
      />
    </Stack>
  );
}
