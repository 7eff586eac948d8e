// DACTE of a CT-e Simplificado (tpCTe 5/6). MOC CT-e 4.00 Anexo II has no layout of its own for the
// simplified CT-e, so this is the normal DACTE (Anexo II §2) with the parts the XML lacks left out:
// no remetente/destinatário/expedidor/recebedor (only the tomador, infCte/toma), and a table of the
// deliveries (det: item, origin and destination municipalities with their UF, NF-e/CT-e key, values)
// in place of the "Documentos originários" block. Its components block sums each component over the
// deliveries.
import { esc, join, money } from '../html/format';
import { sectionTitle, wrapText } from '../html/page';
import type { CteView, EntregaView } from '../parse/types';
import { composeDacte, observationLines } from './compose';
import type { RenderedHtml, RenderOptions } from './compose';
import { cteObservations } from './dacte';
import { modalLayout } from './modal-blocks';
import { carga, MM, tomadorBox } from './sections';

/** One printed line of the deliveries table: a delivery spans one line per document key. */
interface DeliveryLine {
  entrega: EntregaView;
  /** First line of its delivery: the route and values are printed there. */
  first: boolean;
  doc: EntregaView['docs'][number] | undefined;
  /** This line's part of the origin and destination municipalities (a long name takes more lines). */
  ini: string;
  fim: string;
}

const COLS = [
  ['Item', 9],
  ['Município de origem', 40],
  ['Município de destino', 40],
  ['Doc.', 9],
  ['Chave de acesso', 56],
  ['Valor da prestação', 22],
  ['Valor a receber', 22],
] as const;

/** Width (mm) and size (pt) a municipality wraps to in its column, so a long name is never clipped. */
const MUN_MM = 38;
const MUN_PT = 6;

export function deliveryLines(entregas: EntregaView[]): DeliveryLine[] {
  return entregas.flatMap((entrega) => {
    const ini = wrapText(municipio(entrega.xMunIni, entrega.UFIni), MUN_MM, MUN_PT);
    const fim = wrapText(municipio(entrega.xMunFim, entrega.UFFim), MUN_MM, MUN_PT);
    const count = Math.max(1, entrega.docs.length, ini.length, fim.length);
    return Array.from({ length: count }, (_, i) => ({
      entrega,
      first: i === 0,
      doc: entrega.docs[i],
      ini: ini[i] ?? '',
      fim: fim[i] ?? '',
    }));
  });
}

/** 'Campinas/SP'; the name alone where the XML gives no UF. */
function municipio(xMun: string, uf: string): string {
  return join([xMun, uf], '/');
}

function lineHtml(line: DeliveryLine | undefined, startsSheet: boolean): string {
  const e = line?.entrega;
  // A delivery split across sheets repeats its route on the new sheet (when it takes one line), so
  // no line is orphaned; a long municipality goes on over the delivery's lines.
  const repeat = line !== undefined && !line.first && startsSheet && line.ini === '' && line.fim === '';
  const oneLine = (text: string) => {
    const lines = wrapText(text, MUN_MM, MUN_PT);
    return lines.length === 1 ? (lines[0] ?? '') : '';
  };
  const values = [
    e?.nItem ?? '',
    repeat && e !== undefined ? oneLine(municipio(e.xMunIni, e.UFIni)) : (line?.ini ?? ''),
    repeat && e !== undefined ? oneLine(municipio(e.xMunFim, e.UFFim)) : (line?.fim ?? ''),
    line?.doc?.tipo ?? '',
    line?.doc?.chave ?? '',
    line?.first === true ? money(e?.vPrest ?? '') : '',
    line?.first === true ? money(e?.vRec ?? '') : '',
  ];
  const cells = values
    .map((v, i) => {
      const right = i >= 5 ? ';text-align:right' : '';
      const font = i === 4 ? 5.7 : 6;
      return `<div class="vs${i === 4 ? ' mono' : ''}" style="flex:none;width:${COLS[i]?.[1]}mm;white-space:nowrap;overflow:clip;font-size:${font}pt${right}">${esc(v)}</div>`;
    })
    .join('');
  return `<div class="r dl" style="height:${MM.docRow}mm;align-items:center">${cells}</div>`;
}

/** The deliveries table (in the place of documentos originários): `rows` lines, the unused ones blank. */
export function deliveriesSection(title: string, lines: DeliveryLine[], rows: number): string {
  const head = COLS.map(
    ([label, w], i) =>
      `<div class="l" style="flex:none;width:${w}mm${i >= 5 ? ';text-align:right' : ''}">${esc(label)}</div>`,
  ).join('');
  let inner = `<div class="r" style="height:3mm">${head}</div>`;
  for (let r = 0; r < rows; r++) inner += lineHtml(lines[r], r === 0);
  return `<div class="t gap">${sectionTitle(title)}<div class="c" style="width:200mm;height:${rows * MM.docRow + 3}mm">${inner}</div></div>`;
}

export function renderDacteSimp(view: CteView, options: RenderOptions = {}): RenderedHtml {
  const modal = modalLayout(view);
  const lines = deliveryLines(view.entregas ?? []);
  return composeDacte(view, options, {
    title: 'DACTE',
    subtitle: 'Documento Auxiliar do Conhecimento de Transporte Eletrônico - CT-e simplificado',
    top: [
      { html: tomadorBox('Tomador do serviço', view.toma, view.tomaRole), mm: MM.tomador },
      { html: carga(view), mm: MM.carga },
    ],
    beforeObs: [modal.beforeObs],
    afterObs: [modal.afterObs],
    obsLines: [...observationLines(cteObservations(view)), ...modal.obsLines],
    docs: {
      count: lines.length,
      docsPerRow: 1,
      section: (range, index) =>
        deliveriesSection(
          index === 0 ? 'Entregas' : 'Entregas (continuação)',
          lines.slice(range.from, range.to),
          range.rows,
        ),
    },
  });
}
