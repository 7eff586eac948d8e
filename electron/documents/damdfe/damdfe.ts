// DAMDFE, A4 portrait, after the road-modal portrait model of MOC MDF-e 3.00 Anexo II (p.126).
// The first sheet carries the standard layout (header, identification, modal block, observação);
// what follows it — the transport's further data and the documents by unloading municipality — goes
// below it and continues over as many sheets as needed, each repeating the header with "FL x/y"
// [MOC3 §9 p.86].
import type { RenderedHtml } from '../dacte/compose';
import { esc, join, xmlDateTime } from '../html/format';
import {
  HOMOLOGACAO_BANNER_MM,
  homologacaoBanner,
  htmlDocument,
  SHEET,
  sheet,
  type SheetFlags,
} from '../html/page';
import type { MdfeView } from '../parse/mdfe-types';
import { DAMDFE_CSS, planFlow, renderChunk } from './flow';
import { damdfeHeader } from './header';
import { documentosSection, modalBlock, observacaoSection, transporteSection } from './sections';

export interface DamdfeOptions {
  logoDataUrl?: string;
  /** Cancelled by what the caller knows (the cache, `--cancelado`), beyond the XML and its events. */
  cancelled?: boolean;
}

const OBS_MIN_LINES = 4;
const SAFETY_MM = 1;

interface Mark {
  big: string;
  small: string[];
}

/** Status marks: cancelled, closed and unauthorized are read from the XML and its events. */
function marks(view: MdfeView, cancelled: boolean): Mark[] {
  const out: Mark[] = [];
  if (cancelled) {
    const c = view.cancelamento;
    out.push({
      big: 'MDF-e CANCELADO',
      small:
        c === undefined
          ? []
          : [
              join(
                [c.nProt ? `Protocolo do cancelamento ${c.nProt}` : '', xmlDateTime(c.dhRegEvento)],
                ' – ',
              ),
            ].filter(Boolean),
    });
  } else if (view.status === 'encerrado') {
    const e = view.encerramento;
    out.push({
      big: 'MDF-e ENCERRADO',
      small:
        e === undefined
          ? []
          : [
              // Two lines: a municipality's name may take the whole width (xMun, 60 characters).
              join([
                e.dtEnc ? `Encerrado em ${xmlDateTime(e.dtEnc)}` : '',
                e.cMun ? closingPlace(view, e.cMun) : '',
              ]),
              e.nProt ? `Protocolo do encerramento ${e.nProt}` : '',
            ].filter(Boolean),
    });
  } else if (view.status === 'sem-autorizacao' && view.ide.tpEmis !== '2') {
    const p = view.protocol;
    out.push({
      big: 'SEM AUTORIZAÇÃO DE USO – SEM VALOR FISCAL',
      small: p === undefined ? [] : [join([`Situação na SEFAZ: ${p.cStat}`, p.xMotivo])],
    });
  }
  if (view.ide.tpEmis === '2') out.push({ big: 'DAMDFE EMITIDO EM CONTINGÊNCIA', small: [] });
  return out;
}

function markMm(mark: Mark): number {
  return 1 + 1 + 5 + mark.small.length * 3.2;
}

function markHtml(mark: Mark): string {
  return `<div class="mark" style="height:${markMm(mark) - 1}mm"><div class="big">${esc(mark.big)}</div>${mark.small.map((s) => `<div>${esc(s)}</div>`).join('')}</div>`;
}

/**
 * Where the closing event (110112, which carries only the IBGE code) ended the trip: named when it is
 * one of the manifest's unloading municipalities (in the unloading UF), else by its code.
 */
function closingPlace(view: MdfeView, cMun: string): string {
  const known = view.descargas.find((d) => d.cMun === cMun);
  return known?.xMun ? `${known.xMun}/${view.ide.UFFim} (IBGE ${cMun})` : `município IBGE ${cMun}`;
}
export function renderDamdfe(view: MdfeView, options: DamdfeOptions = {}): RenderedHtml {
  const cancelled = options.cancelled === true || view.status === 'cancelado';
  const homologacao = view.ambiente === 'homologacao';
  const unauthorized = view.status === 'sem-autorizacao' && view.ide.tpEmis !== '2';
  const flags: SheetFlags = {
    homologacao: homologacao || unauthorized,
    stamp: cancelled ? 'CANCELADO' : undefined,
  };
  const list = marks(view, cancelled);
  const banners = (homologacao ? homologacaoBanner() : '') + list.map(markHtml).join('');
  const bannersMm = (homologacao ? HOMOLOGACAO_BANNER_MM : 0) + list.reduce((sum, m) => sum + markMm(m), 0);
  const header = damdfeHeader(view, options.logoDataUrl);
  const modal = modalBlock(view);
  // In contingency the model puts the composição da carga between the modal block and the
  // observação [Anexo II p.125]; in normal issue the documents go below the standard layout.
  const obs = observacaoSection(view, OBS_MIN_LINES);
  const sections =
    view.ide.tpEmis === '2'
      ? [documentosSection(view), obs, transporteSection(view)]
      : [obs, transporteSection(view), documentosSection(view)];
  const top = header.mm + bannersMm + SAFETY_MM;
  const plan = planFlow(sections, SHEET.contentHeight - top - modal.mm, SHEET.contentHeight - top);
  const pages = plan.length;
  const closedMark =
    !cancelled && view.status === 'encerrado' ? '<div class="wm enc"><span>ENCERRADO</span></div>' : '';
  const sheets = plan.map((chunks, index) => {
    const flow = chunks.map((chunk) => {
      const section = sections[chunk.section];
      return section === undefined ? '' : renderChunk(section, chunk);
    });
    const body = [header.render(index + 1, pages), banners, index === 0 ? modal.html : '', ...flow].join('');
    return sheet(`<div class="dm">${body}</div>${closedMark}`, flags);
  });
  return { html: htmlDocument(`DAMDFE ${view.ide.nMDF}`, DAMDFE_CSS, sheets), pages };
}
