import { esc, join } from '../html/format';
import { banners, cell, htmlDocument, SHEET, sheet, wrapText } from '../html/page';
import type { CteView, Party } from '../parse/types';
import { CFOP_ROW_MM, HEADER_MM, header } from './header';
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
  modalSection,
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

const MODAL_TITLES: Record<string, string> = {
  '01': 'Informações específicas do modal rodoviário',
  '02': 'Informações específicas do modal aéreo',
  '03': 'Informações específicas do modal aquaviário',
  '04': 'Informações específicas do modal ferroviário',
  '05': 'Informações específicas do modal dutoviário',
  '06': 'Informações específicas do transporte multimodal',
};

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

function modalBlock(view: CteView): string {
  const title = MODAL_TITLES[view.ide.modal] ?? 'Informações específicas do modal';
  const items =
    view.modalInfo.length > 0 ? view.modalInfo.slice(0, 6) : [{ label: 'RNTRC da empresa', value: '' }];
  const width = 200 / items.length;
  return modalSection(title, items.map((i) => cell(i.label, esc(i.value), width, 8)).join(''));
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
  const { html: banner, mm: bannerMm } = banners(view.ambiente, view.ide.tpEmis);
  const parties = partiesBlock(view);
  const fixedFirst =
    MM.canhoto +
    HEADER_MM +
    CFOP_ROW_MM +
    bannerMm +
    MM.prestacao +
    parties.height +
    MM.carga +
    componentsHeight(view) +
    MM.icms +
    (view.ibsCbs ? MM.ibsCbs : 0) +
    MM.modal +
    MM.fisco;
  const fisco = fiscoBoxes(view.obsCont, view.obsFisco);
  const obsLines = [...observationLines(view), ...fisco.overflow];
  const plans = planSheets({
    firstSheetFree: SHEET.contentHeight - fixedFirst - 2,
    continuationFree: SHEET.contentHeight - HEADER_MM - CFOP_ROW_MM - bannerMm - 2,
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
      obs,
      modalBlock(view),
      fiscoSection(fisco),
    ].join('');
    return sheet(body, flags);
  });
  return { html: htmlDocument(`DACTE ${view.ide.nCT}`, '', sheets), pages };
}
