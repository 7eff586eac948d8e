// The sheets of the DACTE, the DACTE of the CT-e Simplificado and the DACTE OS. All three print the
// same blocks in the same places (canhoto, header, banners, prestação, components, ICMS, IBS/CBS,
// the documents table, observations, fisco boxes) around blocks of their own, and split the
// documents and the observations over further sheets alike.
import { htmlDocument, SHEET, sheet, wrapText } from '../html/page';
import type { Attachments, CteOsView, CteView } from '../parse/types';
import { statusMarks } from '../status';
import { dacteBanners } from './contingency';
import { CFOP_ROW_MM, header, headerHeight } from './header';
import { planSheets } from './pagination';
import type { PaginationInput } from './pagination';
import {
  canhoto,
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
} from './sections';

export interface RenderOptions {
  logoDataUrl?: string;
  /** The cache knows the document as cancelled. */
  cancelled?: boolean;
  /** Events and situation answers that came beside the XML (an accepted 110111 marks it cancelled). */
  attached?: Attachments;
  /** A local preview before sending: it carries its own mark instead of the situation marks. */
  preview?: boolean;
}

export interface RenderedHtml {
  html: string;
  pages: number;
}

/**
 * A block of the first sheet and its height. Its html may depend on the height the first sheet
 * leaves over once the documents and observations are placed (the service box of the DACTE OS).
 */
export interface SheetBlock {
  mm: number;
  html: string | ((spareMm: number) => string);
}

/** What one kind of DACTE prints around the blocks they share. */
export interface DacteLayout {
  /** Header title and subtitle; the HTML title is the title and the CT-e number. */
  title: string;
  subtitle: string;
  /** UFs of the route (infPercurso), printed in the prestação row. */
  percurso?: string[];
  /** Between the prestação and the components: parties or tomador, cargo or service. */
  top: SheetBlock[];
  /** After the documents table, before the observations. */
  beforeObs: SheetBlock[];
  /** After the observations, before the fisco boxes. */
  afterObs: SheetBlock[];
  /** The observation lines; the lines that do not fit the fisco boxes follow them. */
  obsLines: string[];
  /** The documents table (documentos originários or referenciados, or the deliveries). */
  docs: Pick<PaginationInput, 'compactDocs' | 'docsPerRow'> & {
    count: number;
    section: (range: { from: number; to: number; rows: number }, sheetIndex: number) => string;
  };
}

/** Observation texts, the empty ones left out, one paragraph each, wrapped to the box's lines. */
export function observationLines(texts: string[]): string[] {
  return wrapText(texts.filter(Boolean).join('\n'), OBS_LINE_WIDTH_MM);
}

export function composeDacte(
  view: CteView | CteOsView,
  options: RenderOptions,
  layout: DacteLayout,
): RenderedHtml {
  const marks = statusMarks(view, options);
  const flags = { homologacao: view.ambiente === 'homologacao', stamp: marks.stamp };
  const { html: banner, mm: bannerMm } = dacteBanners(view, marks.banners);
  const headerMm = headerHeight(view);
  const sum = (list: SheetBlock[]) => list.reduce((total, b) => total + b.mm, 0);
  const fixedCore = [
    MM.canhoto,
    headerMm,
    CFOP_ROW_MM,
    bannerMm,
    MM.prestacao,
    ...layout.top.map((b) => b.mm),
    componentsHeight(view),
    MM.icms,
    view.ibsCbs ? MM.ibsCbs : 0,
    MM.fisco,
  ].reduce((total, mm) => total + mm, 0);
  // The modal blocks that do not fit the first sheet (FS-DA header, IBS/CBS, banners and a large
  // modal together) go on an additional sheet of their own (Anexo II §2.12), last ones first.
  const beforeObs = [...layout.beforeObs];
  const afterObs = [...layout.afterObs];
  const moved: SheetBlock[] = [];
  const minimumFree = MM.obsBase + MM.obsLine;
  while (SHEET.contentHeight - fixedCore - sum(beforeObs) - sum(afterObs) - 2 < minimumFree) {
    const block = afterObs.pop() ?? beforeObs.pop();
    if (block === undefined) break;
    moved.unshift(block);
  }
  const fisco = fiscoBoxes(view.obsCont, view.obsFisco);
  const obsLines = [...layout.obsLines, ...fisco.overflow];
  const firstSheetFree = SHEET.contentHeight - fixedCore - sum(beforeObs) - sum(afterObs) - 2;
  const plans = planSheets({
    firstSheetFree,
    continuationFree: SHEET.contentHeight - headerMm - CFOP_ROW_MM - bannerMm - 2,
    docCount: layout.docs.count,
    obsLineCount: obsLines.length,
    firstObsLines: 3,
    firstObsMax: 8,
    compactDocs: layout.docs.compactDocs,
    docsPerRow: layout.docs.docsPerRow,
  });
  const pages = plans.length + (moved.length > 0 ? 1 : 0);
  const first = plans[0];
  const usedFirst =
    (first?.docs ? MM.docsBase + first.docs.rows * MM.docRow : 0) +
    (first?.obs ? MM.obsBase + first.obs.capacity * MM.obsLine : 0);
  const blocks = (list: SheetBlock[]) =>
    list.map((b) => (typeof b.html === 'string' ? b.html : b.html(Math.max(0, firstSheetFree - usedFirst))));
  const sheets = plans.map((plan, index) => {
    const head = header(view, {
      page: index + 1,
      pages,
      logoDataUrl: options.logoDataUrl,
      title: layout.title,
      subtitle: layout.subtitle,
    });
    const docs = plan.docs ? layout.docs.section(plan.docs, index) : '';
    const more = plans.slice(index + 1).some((p) => p.obs !== undefined);
    const obs = plan.obs
      ? obsSection(
          index === 0 ? 'Observações gerais' : 'Observações gerais (continuação)',
          obsLines.slice(plan.obs.from, plan.obs.to),
          plan.obs.capacity,
          more && plan.obs.to < obsLines.length,
        )
      : '';
    if (index > 0) return sheet(`${head}${banner}${docs}${obs}`, flags);
    const body = [
      canhoto(view),
      head,
      banner,
      prestacao(view, layout.percurso),
      ...blocks(layout.top),
      components(view),
      icms(view.icms, view.vTotTrib),
      view.ibsCbs ? ibsCbs(view.ibsCbs) : '',
      docs,
      ...blocks(beforeObs),
      obs,
      ...blocks(afterObs),
      fiscoSection(fisco),
    ].join('');
    return sheet(body, flags);
  });
  if (moved.length > 0) {
    const head = header(view, {
      page: pages,
      pages,
      logoDataUrl: options.logoDataUrl,
      title: layout.title,
      subtitle: layout.subtitle,
    });
    sheets.push(sheet(`${head}${banner}${blocks(moved).join('')}`, flags));
  }
  return { html: htmlDocument(`${layout.title} ${view.ide.nCT}`, '', sheets), pages };
}
