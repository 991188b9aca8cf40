import { useDocumentTitle } from '@mantine/hooks';
import { ShiftCallForm } from '../../../features/shift-call/components/ShiftCallForm.tsx';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/shiftcall: the Shift Call form for the signed-in company, in its time zone. */
export function ShiftCallPage() {
  useDocumentTitle('Shift Call · CareCover');
  const { company, openOverlay } = useDashboard();
  return (
    <ShiftCallForm companyId={company.id} timeZone={company.time_zone} onPlanLimit={() => openOverlay('upsell')} />
  );
}
