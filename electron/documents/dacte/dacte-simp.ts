// DACTE of a CT-e Simplificado (tpCTe 5/6). MOC CT-e 4.00 Anexo II has no layout of its own for the
// simplified CT-e, so this is the normal DACTE (Anexo II §2) with the parts the XML lacks left out:
// no remetente/destinatário/expedidor/recebedor (only the tomador, infCte/toma), and a table of the
// deliveries (det: item, origin and destination municipalities, NF-e/CT-e key, values) in place of
// the "Documentos originários" block. Its components block sums each component over the deliveries.
import { esc, join, money } from '../html/format';
import { htmlDocument, sectionTitle, SHEET, sheet, wrapText } from '../html/page';
import type { CteView, EntregaView } from '../parse/types';
import { dacteBanners } from './contingency';
import type { RenderedHtml, RenderOptions } from './dacte';
import { CFOP_ROW_MM, header, headerHeight } from './header';
import { modalLayout } from './modal-blocks';
import { planSheets } from './pagination';
import {
  canhoto,
  carga,
  components,
  componentsHeight,
  fiscoBoxes,
  fiscoSection,
  ibsCbs,
  icms,
  MM,
  OBS_LINE_WIDTH_MM,
  obsSection,
  prestacao,
  tomadorBox,
} from './sections';

/** One printed line of the deliveries table: a delivery spans one line per document key. */
interface DeliveryLine {
  entrega: EntregaView;
  /** First line of its delivery: the route and values are printed there. */
  first: boolean;
  doc: EntregaView['docs'][number] | undefined;
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

export function deliveryLines(entregas: EntregaView[]): DeliveryLine[] {
  return entregas.flatMap((entrega) => {
    const docs = entrega.docs.length > 0 ? entrega.docs : [undefined];
    return docs.map((doc, i) => ({ entrega, first: i === 0, doc }));
  });
}

function lineHtml(line: DeliveryLine | undefined, startsSheet: boolean): string {
  const e = line?.entrega;
  // A delivery split across sheets repeats its route on the new sheet, so no line is orphaned.
  const full = line !== undefined && (line.first || startsSheet);
  const values = [
    e?.nItem ?? '',
    full ? (e?.xMunIni ?? '') : '',
    full ? (e?.xMunFim ?? '') : '',
    line?.doc?.tipo ?? '',
    line?.doc?.chave ?? '',
    line?.first === true ? money(e?.vPrest ?? '') : '',
    line?.first === true ? money(e?.vRec ?? '') : '',
  ];
  const cells = values
    .map((v, i) => {
      const right = i >= 5 ? ';text-align:right' : '';
      const font = i === 4 ? 5.7 : 6;
      return `<div class="vs${i === 4 ? ' mono' : ''}" style="flex:none;width:${COLS[i]?.[1]}mm;white-space:nowrap;overflow:hidden;font-size:${font}pt${right}">${esc(v)}</div>`;
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

function observationLines(view: CteView): string[] {
  const text = [view.xObs, ...view.refs.map((r) => join([r.label, r.value], ': '))]
    .filter(Boolean)
    .join('\n');
  return wrapText(text, OBS_LINE_WIDTH_MM);
}

export function renderDacteSimp(view: CteView, options: RenderOptions = {}): RenderedHtml {
  const flags = { homologacao: view.ambiente === 'homologacao', cancelled: options.cancelled === true };
  const { html: banner, mm: bannerMm } = dacteBanners(view);
  const headerMm = headerHeight(view);
  const modal = modalLayout(view);
  const lines = deliveryLines(view.entregas ?? []);
  const fixedFirst =
    MM.canhoto +
    headerMm +
    CFOP_ROW_MM +
    bannerMm +
    MM.prestacao +
    MM.tomador +
    MM.carga +
    componentsHeight(view) +
    MM.icms +
    (view.ibsCbs ? MM.ibsCbs : 0) +
    modal.beforeObs.mm +
    modal.afterObs.mm +
    MM.fisco;
  const fisco = fiscoBoxes(view.obsCont, view.obsFisco);
  const obsLines = [...observationLines(view), ...modal.obsLines, ...fisco.overflow];
  const plans = planSheets({
    firstSheetFree: SHEET.contentHeight - fixedFirst - 2,
    continuationFree: SHEET.contentHeight - headerMm - CFOP_ROW_MM - bannerMm - 2,
    docCount: lines.length,
    obsLineCount: obsLines.length,
    firstObsLines: 3,
    firstObsMax: 8,
    docsPerRow: 1,
  });
  const pages = plans.length;
  const sheets = plans.map((plan, index) => {
    const head = header(view, {
      page: index + 1,
      pages,
      logoDataUrl: options.logoDataUrl,
      title: 'DACTE',
      subtitle: 'Documento Auxiliar do Conhecimento de Transporte Eletrônico - CT-e simplificado',
    });
    const deliveries = plan.docs
      ? deliveriesSection(
          index === 0 ? 'Entregas' : 'Entregas (continuação)',
          lines.slice(plan.docs.from, plan.docs.to),
          plan.docs.rows,
        )
      : '';
    const more = plans.slice(index + 1).some((p) => p.obs !== undefined);
    const obs = plan.obs
      ? obsSection(
          index === 0 ? 'Observações gerais' : 'Observações gerais (continuação)',
          obsLines.slice(plan.obs.from, plan.obs.to),
          plan.obs.capacity,
          more && plan.obs.to < obsLines.length,
        )
      : '';
    if (index > 0) return sheet(`${head}${banner}${deliveries}${obs}`, flags);
    const body = [
      canhoto(view),
      head,
      banner,
      prestacao(view),
      tomadorBox('Tomador do serviço', view.toma, view.tomaRole),
      carga(view),
      components(view),
      icms(view.icms, view.vTotTrib),
      view.ibsCbs ? ibsCbs(view.ibsCbs) : '',
      deliveries,
      modal.beforeObs.html,
      obs,
      modal.afterObs.html,
      fiscoSection(fisco),
    ].join('');
    return sheet(body, flags);
  });
  return { html: htmlDocument(`DACTE ${view.ide.nCT}`, '', sheets), pages };
}
