// The local preview of a CT-e Simplificado before sending (the API offers none): the payload read by
// the same parser as an authorized cteSimpProc and printed by the same DACTE renderer (deliveries
// table included), marked as having no fiscal value; key, QR code and protocol come at authorization.
import { renderDacteSimp } from '../../documents/dacte/dacte-simp';
import { parseCteSimp } from '../../documents/parse/cte-simp';
import type { CteView } from '../../documents/parse/types';
import type { XNode } from '../../documents/parse/xml';
import type { Json, JsonObject } from '../../fiscal/payload';
import { marked, previewCommon, toXValue } from './preview';

const obj = (v: Json | undefined): JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};

/** det/nItem is an attribute in the XML (`@_nItem` for the parser), a property in the payload. */
function withItemAttributes(inf: JsonObject): JsonObject {
  const det = Array.isArray(inf.det) ? inf.det : [];
  return {
    ...inf,
    det: det.map((d) => {
      const { nItem, ...rest } = obj(d);
      return nItem === undefined || nItem === null ? rest : { ...rest, '@_nItem': nItem };
    }),
  };
}

export function cteSimpPreviewView(payload: JsonObject): CteView {
  const root = toXValue({ infCte: withItemAttributes(obj(payload.infCte)) }) as XNode;
  return previewCommon(parseCteSimp(root, undefined), payload, '57');
}

export function cteSimpPreviewHtml(payload: JsonObject): string {
  return marked(renderDacteSimp(cteSimpPreviewView(payload), { preview: true }).html);
}
