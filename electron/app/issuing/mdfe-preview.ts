// A local DAMDFE preview before sending (the API offers none): the payload already uses the XML's
// element names, so the MDF-e parser reads it like an authorized XML and the DAMDFE renderer prints
// it — without key, QR code and protocol (the authority gives those), marked without fiscal value.
import { renderDamdfe } from '../../documents/damdfe/damdfe';
import { parseMdfe } from '../../documents/parse/mdfe';
import type { XNode } from '../../documents/parse/xml';
import type { InfMDFeInput } from '../../fiscal/requests/mdfe';
import { PREVIEW_MARK } from './dce-preview';
import { toXValue } from './preview';

export function mdfePreviewHtml(infMDFe: InfMDFeInput): string {
  const root = toXValue({ infMDFe }) as XNode;
  const { html } = renderDamdfe(parseMdfe(root, undefined));
  return html.replace(/<body([^>]*)>/, `<body$1><div class="banner" role="note">${PREVIEW_MARK}</div>`);
}
