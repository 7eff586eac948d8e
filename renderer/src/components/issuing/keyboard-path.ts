// The issuing forms without the mouse (issue 26 item 3): what a data-entry clerk's keys do in a
// stepped form. Enter in a field goes to the next step, as a form's implicit submission would;
// Ctrl+Enter goes to the review and, there, sends; focus lands on a step's first field.

/** What can take the focus by Tab in a step (hidden file inputs and disabled controls aside). */
const FOCUSABLE = [
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  'button:not([disabled])',
  '[role="combobox"]:not([aria-disabled="true"])',
  '[tabindex="0"]',
]
  .map((s) => `${s}:not([tabindex="-1"])`)
  .join(', ');

export function focusables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"]'),
  );
}

const isField = (el: HTMLElement) =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement ||
  el.getAttribute('role') === 'combobox';

/** Focuses the first field of `root` (a step's body), else its first control; false when none. */
export function focusFirstField(root: HTMLElement | null): boolean {
  const all = root ? focusables(root) : [];
  const first = all.find((el) => isField(el)) ?? all[0];
  if (!first) return false;
  first.focus({ preventScroll: true });
  return true;
}

/** The first field (not a button) after `from` in the document's order, outside `from` itself. */
export function focusFieldAfter(from: HTMLElement, within: ParentNode = document): boolean {
  const next = focusables(within).find(
    (el) =>
      isField(el) &&
      !from.contains(el) &&
      Boolean(from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
  next?.focus();
  return Boolean(next);
}

/**
 * What a key in a step's field asks for: `next` (Enter in a one-line field whose own widget did not
 * take it — an open list, a button, a text area keep their Enter), `review` (Ctrl+Enter anywhere),
 * or nothing.
 */
export function stepKey(event: KeyboardEvent): 'next' | 'review' | null {
  if (event.key !== 'Enter' || event.isComposing) return null;
  if (event.ctrlKey || event.metaKey) return 'review';
  if (event.defaultPrevented || event.shiftKey || event.altKey) return null;
  const target = event.target as HTMLElement | null;
  if (!(target instanceof HTMLInputElement)) return null;
  if (['button', 'submit', 'reset', 'file', 'checkbox', 'radio'].includes(target.type)) return null;
  if (target.getAttribute('aria-expanded') === 'true') return null;
  return 'next';
}
