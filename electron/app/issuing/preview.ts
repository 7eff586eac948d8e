// A local preview of the document before sending (the API offers none): a minimal DACTE-like
// sheet built from the payload, marked as having no fiscal value.
import type { JsonObject } from '../../fiscal/payload';

const esc = (v: unknown): string => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (v: unknown): string =>
  typeof v === 'number' ? v.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }) : '';

function partyBlock(title: string, p: JsonObject | undefined, enderKey: string): string {
  if (!p) return '';
  const e = (p[enderKey] ?? {}) as JsonObject;
  return `<section><h3>${esc(title)}</h3><p>${esc(p.xNome)} — ${esc(p.CNPJ ?? p.CPF)} ${p.IE ? `IE ${esc(p.IE)}` : ''}</p>
<p>${esc(e.xLgr)}, ${esc(e.nro)} — ${esc(e.xBairro)} — ${esc(e.xMun)}/${esc(e.UF)}</p></section>`;
}

export function previewHtml(payload: JsonObject): string {
  const inf = (payload.infCte ?? {}) as JsonObject;
  const ide = (inf.ide ?? {}) as JsonObject;
  const vPrest = (inf.vPrest ?? {}) as JsonObject;
  const comps = ((vPrest.Comp ?? []) as JsonObject[])
    .map((c) => `<tr><td>${esc(c.xNome)}</td><td>${esc(money(c.vComp))}</td></tr>`)
    .join('');
  const ide4 = ide.toma4 as JsonObject | undefined;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Pré-visualização</title></head><body>
<header><strong>PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL</strong>
<p>Série ${esc(ide.serie)} · Número ${esc(ide.nCT)} · CFOP ${esc(ide.CFOP)} · ${esc(ide.natOp)}</p>
<p>${esc(ide.xMunIni)}/${esc(ide.UFIni)} → ${esc(ide.xMunFim)}/${esc(ide.UFFim)} · Emissão ${esc(ide.dhEmi)}</p></header>
${partyBlock('Emitente', inf.emit as JsonObject, 'enderEmit')}
${partyBlock('Remetente', inf.rem as JsonObject, 'enderReme')}
${partyBlock('Expedidor', inf.exped as JsonObject, 'enderExped')}
${partyBlock('Recebedor', inf.receb as JsonObject, 'enderReceb')}
${partyBlock('Destinatário', inf.dest as JsonObject, 'enderDest')}
${partyBlock('Tomador', (inf.toma ?? ide4) as JsonObject, 'enderToma')}
<section><h3>Valores da prestação</h3><table>${comps}
<tr><th>Total</th><td>${esc(money(vPrest.vTPrest))}</td></tr><tr><th>A receber</th><td>${esc(money(vPrest.vRec))}</td></tr></table></section>
</body></html>`;
}
