// Aquaviário containers (aquav/detCont): the box "Detalhamento do contêiner – informações específicas
// do modal aquaviário (I)" of the model sheet (Anexo II §5.5, p. 35) with the columns of §2.21.4
// (tp. doc., CNPJ/CPF emitente, série/nº documento, nº lacre, nº contêiner).
import { cpfCnpj, esc, join } from '../html/format';
import { sectionTitle } from '../html/page';
import type { Container } from '../parse/modal-types';
import type { Block } from './modal-blocks';

const COLS = [
  ['Tp doc.', 20],
  ['CNPJ/CPF emitente', 40],
  ['Série/nº documento', 40],
  ['Nº lacre', 50],
  ['Nº contêiner', 50],
] as const;
const HEAD_MM = 3;
const ROW_MM = 3.4;
// Padding and borders of the box, so the last row keeps its bottom rule.
const BOX_PAD_MM = 1.2;
/** Rows kept in the box on the first sheet; further ones continue in the observations. */
export const CONTAINER_ROWS_IN_BOX = 6;

type Row = [string, string, string, string, string];

/** One row per document of each container (a container without documents still gets its row). */
function rows(containers: Container[]): Row[] {
  const out: Row[] = [];
  for (const c of containers) {
    const lacres = c.lacres.join(', ');
    if (c.docs.length === 0) out.push(['', '', '', lacres, c.nCont]);
    for (const d of c.docs) out.push([d.tipo, cpfCnpj(d.emitente), d.serieNumero, lacres, c.nCont]);
  }
  return out;
}

export function containersBlock(containers: Container[]): { block: Block; overflow: string[] } {
  const all = rows(containers);
  const shown = all.slice(0, CONTAINER_ROWS_IN_BOX);
  const count = Math.max(1, shown.length);
  const head = COLS.map(([l, w]) => `<div class="l" style="flex:none;width:${w}mm">${esc(l)}</div>`).join('');
  let inner = `<div class="r" style="height:${HEAD_MM}mm">${head}</div>`;
  for (let r = 0; r < count; r++) {
    const row = shown[r] ?? ['', '', '', '', ''];
    inner += `<div class="r dl" style="height:${ROW_MM}mm;align-items:center">${row
      .map(
        (v, i) =>
          `<div class="vs mono" style="flex:none;width:${COLS[i]?.[1]}mm;white-space:nowrap;overflow:clip">${esc(v)}</div>`,
      )
      .join('')}</div>`;
  }
  const html = `<div class="t gap">${sectionTitle('Detalhamento do contêiner - informações específicas do modal aquaviário (I)')}<div class="r"><div class="c" style="width:200mm;height:${count * ROW_MM + HEAD_MM + BOX_PAD_MM}mm">${inner}</div></div></div>`;
  const overflow = all
    .slice(CONTAINER_ROWS_IN_BOX)
    .map(([tipo, emitente, serieNumero, lacres, nCont]) =>
      join(
        [
          `CONTÊINER ${nCont}`,
          lacres && `lacre(s) ${lacres}`,
          join([tipo, serieNumero, emitente && `emitente ${emitente}`], ' '),
        ],
        ' – ',
      ),
    );
  return { block: { html, mm: 1 + 3.5 + HEAD_MM + BOX_PAD_MM + count * ROW_MM }, overflow };
}
