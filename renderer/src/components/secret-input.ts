// PrimeVue's Password marks its input as opening a menu (aria-expanded, aria-haspopup) even with the
// strength meter off, which is invalid ARIA on a plain text box (axe: aria-allowed-attr). Passed as
// the Password's `input-props`, it leaves the secret fields a plain password box.
export const NOT_A_MENU = { 'aria-expanded': undefined, 'aria-haspopup': undefined } as const;
