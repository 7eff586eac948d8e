import { join } from '../html/format';
import { htmlDocument, SHEET, sheet, wrapText } from '../html/page';
import type { CteView, Party } from '../parse/types';
import { dacteBanners } from './contingency';
import { CFOP_ROW_MM, header, headerHeight } from './header';
import { modalLayout } from './modal-blocks';
import { planSheets } from './pagination';
import {
  canhoto,
  carga,
  components,
  componentsHeight,
  docsSection,
  fiscoBoxes,
  fiscoSection,
  ibsCbs,
  icms,
  MM,
  OBS_LINE_WIDTH_MM,
  obsSection,
  partyBox,
  partyRow,
  prestacao,
  tomadorBox,
} from './sections';

export interface RenderOptions {
  logoDataUrl?: string;
  cancelled?: boolean;
}

export interface RenderedHtml {
  html: string;
  pages: number;
}

function isPresent(p: Party | undefined): p is Party {
  return p !== undefined && (p.xNome !== '' || p.CNPJ !== '' || p.CPF !== '');
}

/** Party rows per Anexo II §2.7: expedidor/recebedor left out when empty; tomador takes a free slot. */
function partiesBlock(view: CteView): { html: string; height: number } {
  const hasExped = isPresent(view.exped);
  const hasReceb = isPresent(view.receb);
  let html = partyRow(partyBox('Remetente', view.rem), partyBox('Destinatário', view.dest));
  let height = MM.party;
  const tomaTitle = `Tomador (${view.tomaRole || 'não informado'})`;
  if (hasExped && hasReceb) {
    html += partyRow(partyBox('Expedidor', view.exped), partyBox('Recebedor', view.receb));
    html += tomadorBox('Tomador do serviço', view.toma, view.tomaRole);
    height += MM.party + MM.tomador;
  } else if (hasExped || hasReceb) {
    html += hasExped
      ? partyRow(partyBox('Expedidor', view.exped), partyBox(tomaTitle, view.toma))
      : partyRow(partyBox(tomaTitle, view.toma), partyBox('Recebedor', view.receb));
    height += MM.party;
  } else {
    html += tomadorBox('Tomador do serviço', view.toma, view.tomaRole);
    height += MM.tomador;
  }
  return { html, height };
}

/** Observation lines: xObs, then the references of complementary/substitute CT-e. */
function observationLines(view: CteView): string[] {
  const text = [view.xObs, ...view.refs.map((r) => join([r.label, r.value], ': '))]
    .filter(Boolean)
    .join('\n');
  return wrapText(text, OBS_LINE_WIDTH_MM);
}

export function renderDacte(view: CteView, options: RenderOptions = {}): RenderedHtml {
  const homologacao = view.ambiente === 'homologacao';
  const flags = { homologacao, cancelled: options.cancelled === true };
  const { html: banner, mm: bannerMm } = dacteBanners(view);
  const headerMm = headerHeight(view);
  const parties = partiesBlock(view);
  const modal = modalLayout(view);
  const fixedFirst =
    MM.canhoto +
    headerMm +
    CFOP_ROW_MM +
    bannerMm +
    MM.prestacao +
    parties.height +
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
    docCount: view.docs.length,
    obsLineCount: obsLines.length,
    firstObsLines: 3,
    firstObsMax: 8,
  });
  const pages = plans.length;
  const sheets = plans.map((plan, index) => {
    const head = header(view, {
      page: index + 1,
      pages,
      logoDataUrl: options.logoDataUrl,
      title: 'DACTE',
      subtitle: 'Documento Auxiliar do Conhecimento de Transporte Eletrônico',
    });
    const docs = plan.docs
      ? docsSection(
          index === 0 ? 'Documentos originários' : 'Documentos originários (continuação)',
          view.docs.slice(plan.docs.from, plan.docs.to),
          plan.docs.rows,
        )
      : '';
    const more = index < plans.length - 1 && plans.slice(index + 1).some((p) => p.obs !== undefined);
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
      prestacao(view),
      parties.html,
      carga(view),
      components(view),
      icms(view.icms, view.vTotTrib),
      view.ibsCbs ? ibsCbs(view.ibsCbs) : '',
      docs,
      modal.beforeObs.html,
      obs,
      modal.afterObs.html,
      fiscoSection(fisco),
    ].join('');
    return sheet(body, flags);
  });
  return { html: htmlDocument(`DACTE ${view.ide.nCT}`, '', sheets), pages };
}
