import { useDocumentTitle } from '@mantine/hooks';
import { ShiftCallForm } from '../../../features/shift-call/components/ShiftCallForm.tsx';
import { toDispatchMode } from '../../../features/shift-call/dispatch-mode.ts';
import { shouldPromptPremium } from '../../../features/billing/plans.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useDashboard } from './dashboard-context.ts';

/** /dashboard/shiftcall: the Shift Call form for the signed-in company, in its time zone. */
export function ShiftCallPage() {
  const t = useT();
  useDocumentTitle(t('shiftCall.documentTitle'));
  const { company, openOverlay } = useDashboard();
  return (
    <ShiftCallForm
      companyId={company.id}
      companyCode={company.company_code}
      timeZone={company.time_zone}
      isAtPlanLimit={shouldPromptPremium(company)}
      onPlanLimit={() => openOverlay('upsell')}
      defaultDispatchMode={toDispatchMode(company.dispatch_mode)}
    />
  );
}
