// The local preview of a CT-e Simplificado before sending (the API offers none): header, tomador,
// one row per delivery with its route, NF-e and values, and the totals. No fiscal value.
import type { JsonObject } from '../../fiscal/payload';

const esc = (v: unknown): string => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (v: unknown): string =>
  typeof v === 'number' ? v.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }) : '';
const obj = (v: unknown): JsonObject => (v && typeof v === 'object' ? (v as JsonObject) : {});
const list = (v: unknown): JsonObject[] => (Array.isArray(v) ? (v as JsonObject[]) : []);

function deliveryRow(d: JsonObject): string {
  const keys = list(d.infNFe)
    .map((n) => `<div class="mono">${esc(n.chNFe)}</div>`)
    .join('');
  return `<tr><td>${esc(d.nItem)}</td><td>${esc(d.xMunIni)} → ${esc(d.xMunFim)}</td><td>${keys}</td>
<td>${esc(money(d.vPrest))}</td><td>${esc(money(d.vRec))}</td></tr>`;
}

export function cteSimpPreviewHtml(payload: JsonObject): string {
  const inf = obj(payload.infCte);
  const ide = obj(inf.ide);
  const toma = obj(inf.toma);
  const ender = obj(toma.enderToma);
  const emit = obj(inf.emit);
  const carga = obj(inf.infCarga);
  const total = obj(inf.total);
  const rows = list(inf.det).map(deliveryRow).join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Pré-visualização</title>
<style>body{font-family:sans-serif;font-size:13px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:3px 6px;text-align:left;vertical-align:top}.mono{font-family:monospace}</style></head><body>
<header><strong>PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL</strong>
<p>CT-e simplificado · Série ${esc(ide.serie)} · Número ${esc(ide.nCT)} · CFOP ${esc(ide.CFOP)} · ${esc(ide.natOp)}</p>
<p>${esc(ide.UFIni)} → ${esc(ide.UFFim)} · Emissão ${esc(ide.dhEmi)}</p></header>
<section><h3>Emitente</h3><p>${esc(emit.xNome)} — ${esc(emit.CNPJ ?? emit.CPF)}</p></section>
<section><h3>Tomador</h3><p>${esc(toma.xNome)} — ${esc(toma.CNPJ ?? toma.CPF)} ${toma.IE ? `IE ${esc(toma.IE)}` : ''}</p>
<p>${esc(ender.xLgr)}, ${esc(ender.nro)} — ${esc(ender.xBairro)} — ${esc(ender.xMun)}/${esc(ender.UF)}</p></section>
<section><h3>Carga</h3><p>${esc(carga.proPred)} · valor ${esc(money(carga.vCarga))}</p></section>
<section><h3>Entregas</h3><table><thead><tr><th>Item</th><th>Percurso</th><th>NF-e</th><th>Valor</th><th>A receber</th></tr></thead>
<tbody>${rows}</tbody></table></section>
<section><h3>Totais</h3><table><tr><th>Total da prestação</th><td>${esc(money(total.vTPrest))}</td></tr>
<tr><th>Total a receber</th><td>${esc(money(total.vTRec))}</td></tr></table></section>
</body></html>`;
}
