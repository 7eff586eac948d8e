// A local DACTE preview before sending (the API offers none). The payload already uses the XML's
// element names, so it is read by the same parsers as an authorized XML and printed by the same
// renderers: what the clerk reviews is the layout that will be printed, only without key, QR
// code and protocol (the authority gives those), and marked as having no fiscal value.
import { renderDacte } from '../../documents/dacte/dacte';
import { renderDacteOs } from '../../documents/dacte/dacte-os';
import { parseCte } from '../../documents/parse/cte';
import { parseCteOs } from '../../documents/parse/cte-os';
import type { CteOsView, CteView } from '../../documents/parse/types';
import type { XNode, XValue } from '../../documents/parse/xml';
import type { Json, JsonObject } from '../../fiscal/payload';
import { PREVIEW_MARK } from './dce-preview';

export { PREVIEW_MARK };

/** JSON values → the parser's text nodes (numbers as the XML writes them, nulls left out). */
export function toXValue(value: unknown): XValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value)) {
    return value.map(toXValue).filter((v): v is XValue => v !== undefined);
  }
  if (typeof value === 'object') {
    const node: XNode = {};
    for (const [key, child] of Object.entries(value)) {
      const converted = toXValue(child);
      if (converted !== undefined) node[key] = converted;
    }
    return node;
  }
  return String(value);
}

const obj = (v: Json | undefined): JsonObject =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {};

/** CT-e OS payloads carry tpServ 6–8 (pessoas, valores, bagagem); everything else is a CT-e. */
export function isCteOsPayload(payload: JsonObject): boolean {
  const ide = obj(obj(payload.infCte).ide);
  return [6, 7, 8].includes(Number(ide.tpServ));
}

export function previewCommon<V extends CteView | CteOsView>(view: V, payload: JsonObject, mod: string): V {
  const inf = obj(payload.infCte);
  return {
    ...view,
    versao: typeof inf.versao === 'string' ? inf.versao : view.versao,
    chave: '',
    qrCode: '',
    protocol: undefined,
    ambiente: payload.ambiente === 'producao' ? 'producao' : 'homologacao',
    ide: { ...view.ide, mod: view.ide.mod || mod },
  };
}

export function ctePreviewView(payload: JsonObject): CteView {
  const root = toXValue({ infCte: obj(payload.infCte) }) as XNode;
  return previewCommon(parseCte(root, undefined), payload, '57');
}

export function cteOsPreviewView(payload: JsonObject): CteOsView {
  const root = toXValue({ infCte: obj(payload.infCte) }) as XNode;
  return previewCommon(parseCteOs(root, undefined), payload, '67');
}

/** The rendered printout with the preview mark on top and the authority's parts explained. */
export function marked(html: string): string {
  return html
    .replace(/<body([^>]*)>/, `<body$1><div class="banner" role="note">${PREVIEW_MARK}</div>`)
    .replace(
      '<div class="qr-empty"></div>',
      '<div class="l center" style="margin-top:20mm">QR Code após autorizar</div>',
    )
    .replace(
      '<div class="l">Chave de acesso</div><div class="v mono" style="font-size:8pt"></div>',
      '<div class="l">Chave de acesso</div><div class="v" style="font-size:7pt">gerada na autorização</div>',
    );
}

export function previewHtml(payload: JsonObject): string {
  const { html } = isCteOsPayload(payload)
    ? renderDacteOs(cteOsPreviewView(payload), { preview: true })
    : renderDacte(ctePreviewView(payload), { preview: true });
  return marked(html);
}
