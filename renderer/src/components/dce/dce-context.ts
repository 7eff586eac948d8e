// The DC-e form shares the issuing forms' context (errors, touched marks, the company), so the
// CT-e's party and place fields work inside it unchanged.
export type { FormContext as DceFormContext } from '../cte/form-context';
export { formContextKey as dceFormKey, useFormContext as useDceForm } from '../cte/form-context';
