/**
 * What billing reads of the company's row. Declared here rather than imported from the company
 * feature (features do not import each other); the shell's live Company row satisfies it.
 */
export interface BillingCompany {
  premium: boolean;
  country: string | null;
}

/** The props the dashboard shell gives every overlay it opens (its OverlayProps, structurally). */
export interface BillingOverlayProps {
  company: BillingCompany;
  onClose: () => void;
}
