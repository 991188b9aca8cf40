import { Drawer, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { refocusIfLost } from '@shared/lib/refocus.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useShiftTimeline } from '../hooks/use-shift-timeline.ts';
import { formatLocalStamp, timelineTitle } from '../insights-format.ts';

interface ShiftTimelineDrawerProps {
  /** The shift whose history to show; null keeps the drawer closed. */
  shiftId: string | null;
  onClose: () => void;
  /** Where focus goes after closing when its previous holder is gone (the row menu's item). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * A shift's history in order (posted, each dispatch wave, accepted, clocked in/out, unfilled, deleted)
 * and the wave still due, in the company's zone, kept live while open.
 */
export function ShiftTimelineDrawer({ shiftId, onClose, returnFocusTo }: ShiftTimelineDrawerProps) {
  const { steps } = useShiftTimeline(shiftId);
  const t = useT();
  const { locale } = useLocale();
  // The wave still due is shown ahead, not as something that happened.
  const lastHappened = steps ? steps.findLastIndex((step) => step.kind !== 'next_wave') : -1;
  return (
    <Drawer
      opened={shiftId != null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('insights.timeline.title')}
      closeButtonProps={{ 'aria-label': t('insights.timeline.close') }}
      onExitTransitionEnd={() => refocusIfLost(returnFocusTo)}
    >
      <Stack gap="md">
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {shiftId && t('insights.timeline.shift', { id: shiftId })}
        </Text>
        {steps == null ? (
          <Stack gap="sm" role="status" aria-label={t('insights.timeline.loading')}>
            <Skeleton h={40} />
            <Skeleton h={40} />
            <Skeleton h={40} />
          </Stack>
        ) : steps.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('insights.timeline.empty')}
          </Text>
        ) : (
          <>
            <Timeline active={lastHappened} bulletSize={14} lineWidth={2} aria-live="polite">
              {steps.map((step, index) => (
                <Timeline.Item
                  key={`${step.at}-${step.kind}-${index}`}
                  title={timelineTitle(step.kind, step.actor_name, t)}
                  lineVariant={index >= lastHappened ? 'dashed' : 'solid'}
                  color={step.flagged ? 'orange.7' : undefined}
                  bullet={step.flagged ? <IconAlertTriangle size={10} aria-hidden="true" /> : undefined}
                >
                  {step.detail && (
                    <Text
                      size="sm"
                      fw={step.flagged ? 600 : undefined}
                      data-flagged={step.flagged || undefined}
                      // A wave lists who it reached one a line.
                      style={{ whiteSpace: 'pre-line' }}
                    >
                      {step.detail}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" component="time" dateTime={step.at_local}>
                    {formatLocalStamp(step.at_local, locale)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
            <Text size="xs" c="dimmed">
              {t('insights.timeline.legend')}
            </Text>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
