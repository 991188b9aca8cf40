import { Anchor, Group } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from '@shared/lib/router.tsx';
import { newShiftOnBoardPath } from '@shared/config/dashboard-paths.ts';
import { useT } from '../../../i18n/use-t.ts';

/** Goes to Shift Details, which shows the shift just posted and highlights it. */
export function ViewOnBoardLink({ shiftId }: { shiftId: string }) {
  const t = useT();
  return (
    <Group mt="xs">
      <Anchor component={Link} to={newShiftOnBoardPath(shiftId)} size="sm" fw={700}>
        <Group gap={4} component="span" wrap="nowrap">
          {t('shiftCall.posted.viewOnBoard')}
          <IconArrowRight size={16} aria-hidden="true" />
        </Group>
      </Anchor>
    </Group>
  );
}
