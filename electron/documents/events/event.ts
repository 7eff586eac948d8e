import { parseAccessKey } from '../../fiscal/access-key';
import type { RenderedHtml } from '../dacte/dacte';
import { accessKeyBarcodeSvg, BARCODE_HEIGHT_MM } from '../html/codes';
import { chave, cpfCnpj, esc, join, xmlDateTime } from '../html/format';
import {
  bannersHtml,
  cell,
  HOMOLOGACAO_TEXT,
  htmlDocument,
  sectionTitle,
  sheet,
  wrapText,
} from '../html/page';
import type { EventView } from '../parse/types';
import { eventMark } from '../status';
import { describeDetail } from './fields';

/** The legal text fixed by the CC-e schema (evCCeCTe xCondUso), printed when the XML omits it. */
export const CCE_CONDICOES_DE_USO =
  'A Carta de Correção é disciplinada pelo Art. 58-B do CONVÊNIO/SINIEF 06/89: Fica permitida a utilização de carta de correção, para regularização de erro ocorrido na emissão de documentos fiscais relativos à prestação de serviço de transporte, desde que o erro não esteja relacionado com: I - as variáveis que determinam o valor do imposto tais como: base de cálculo, alíquota, diferença de preço, quantidade, valor da prestação; II - a correção de dados cadastrais que implique mudança do emitente, tomador, remetente ou do destinatário; III - a data de emissão ou de saída.';

const AMBIENTE_TEXT = {
  producao: 'PRODUÇÃO',
  homologacao: 'HOMOLOGAÇÃO',
  desconhecido: 'NÃO INFORMADO',
} as const;

const LINE_MM = 3;
const TEXT_WIDTH_MM = 197;
const VALUE_WIDTH_MM = 102;
/** Lines of corrections per sheet: the first sheet also carries the identification blocks. */
const FIRST_LINES = 50;
const NEXT_LINES = 70;

function titleOf(view: EventView): string {
  if (view.tpEvento === '110110') return 'CARTA DE CORREÇÃO ELETRÔNICA';
  if (view.tpEvento === '110111') return `CANCELAMENTO DE ${view.docType}`;
  return view.descEvento.toUpperCase();
}

function identification(view: EventView, page: number, pages: number): string {
  const k = view.chave;
  const parsed = parseAccessKey(k, { ignoreCheckDigit: true });
  const r = view.registro;
  const situacao = r === undefined ? '' : join([r.cStat, r.xMotivo]);
  return `<div class="t"><div class="r"><div class="c center" style="width:110mm;height:22mm;padding-top:2mm"><div style="font-size:12pt;font-weight:bold">${esc(titleOf(view))}</div><div style="font-size:6.5pt;margin-top:1mm">Documento auxiliar do evento ${esc(view.tpEvento)} – ${esc(view.descEvento)} – ${esc(view.docType)}</div><div style="font-size:6.5pt">Folha ${page}/${pages}</div></div><div class="c" style="width:90mm;height:22mm;padding:2mm 0;display:flex;justify-content:center">${accessKeyBarcodeSvg(k, 84, BARCODE_HEIGHT_MM)}</div></div>
<div class="r">${cell(`Chave de acesso do ${view.docType}`, `<span class="mono">${esc(chave(k))}</span>`, 110, 8)}${cell('Modelo', esc(parsed?.mod ?? ''), 18, 8, 'center')}${cell('Série', esc(parsed ? String(Number(parsed.serie)) : ''), 22, 8, 'center')}${cell('Número', esc(parsed ? String(Number(parsed.numero)) : ''), 50, 8, 'center')}</div>
<div class="r">${cell('Autor do evento (CNPJ/CPF)', esc(cpfCnpj(view.autor)), 50, 8)}${cell('Órgão', esc(view.cOrgao), 18, 8, 'center')}${cell('Ambiente', AMBIENTE_TEXT[view.ambiente], 32, 8, 'center')}${cell('Data e hora do evento', esc(xmlDateTime(view.dhEvento)), 50, 8, 'center')}${cell('Sequência', esc(view.nSeqEvento), 20, 8, 'center')}${cell('Tipo', esc(view.tpEvento), 30, 8, 'center')}</div>
<div class="r">${cell('Protocolo do evento', esc(join([r?.nProt ?? '', xmlDateTime(r?.dhRegEvento ?? '')], ' ')), 80, 8)}${cell('Situação', esc(situacao), 120, 8)}</div></div>`;
}

function textBlock(title: string, text: string, maxLines: number): string {
  const lines = wrapText(text, TEXT_WIDTH_MM).slice(0, maxLines);
  return `<div class="t gap">${sectionTitle(title)}<div class="c" style="width:200mm;height:${Math.max(2, lines.length) * LINE_MM + 1}mm">${lines.map((l) => `<div class="line">${esc(l)}</div>`).join('')}</div></div>`;
}

interface CorrectionRow {
  grupo: string;
  campo: string;
  item: string;
  lines: string[];
}

function correctionRows(view: EventView): CorrectionRow[] {
  return view.corrections.map((c) => ({
    grupo: c.grupoAlterado,
    campo: c.campoAlterado,
    item: c.nroItemAlterado,
    // The whole value, however many lines: a row that does not fit goes on on the next sheet.
    lines: wrapText(c.valorAlterado, VALUE_WIDTH_MM),
  }));
}

function correctionsTable(rows: CorrectionRow[], title: string): string {
  const head = `<div class="r">${[
    'Grupo alterado:40',
    'Campo alterado:40',
    'Nº item:15',
    'Valor alterado:105',
  ]
    .map((s) => {
      const [l, w] = s.split(':');
      return `<div class="c l" style="width:${w}mm;height:3.5mm">${esc(l)}</div>`;
    })
    .join('')}</div>`;
  const body = rows
    .map((r) => {
      const h = Math.max(1, r.lines.length) * LINE_MM + 0.8;
      return `<div class="r"><div class="c vs" style="width:40mm;height:${h}mm">${esc(r.grupo)}</div><div class="c vs" style="width:40mm;height:${h}mm">${esc(r.campo)}</div><div class="c vs center" style="width:15mm;height:${h}mm">${esc(r.item)}</div><div class="c" style="width:105mm;height:${h}mm">${r.lines.map((l) => `<div class="line" style="font-weight:bold">${esc(l)}</div>`).join('')}</div></div>`;
    })
    .join('');
  return `<div class="t gap">${sectionTitle(title)}${head}${body}</div>`;
}

/** Correction-letter, cancellation and other event printouts (one or more A4 sheets). */
export function renderEvent(view: EventView, _options: { logoDataUrl?: string } = {}): RenderedHtml {
  const mark = eventMark(view);
  const flags = {
    homologacao: view.ambiente === 'homologacao',
    stamp: mark === undefined && view.ambiente !== 'desconhecido' ? undefined : ('SEM VALOR FISCAL' as const),
  };
  const bannerTexts = [
    mark ?? '',
    view.ambiente === 'desconhecido' ? 'AMBIENTE DO EVENTO NÃO INFORMADO NO XML – SEM VALOR FISCAL' : '',
    flags.homologacao ? HOMOLOGACAO_TEXT : '',
  ].filter(Boolean);
  const banner = bannersHtml(bannerTexts);
  // Each banner (7 mm) takes the room of a few correction lines on every sheet.
  const bannerLines = Math.ceil((bannerTexts.length * 7) / LINE_MM);
  const rows = correctionRows(view);
  const chunks: CorrectionRow[][] = [[]];
  let used = 0;
  const limit = () => (chunks.length === 1 ? FIRST_LINES : NEXT_LINES) - bannerLines;
  for (const row of rows) {
    let rest = row.lines;
    for (;;) {
      const current = chunks[chunks.length - 1] ?? [];
      const room = Math.floor(limit() - used - 0.3);
      if (Math.max(1, rest.length) <= room) {
        current.push({ ...row, lines: rest });
        used += Math.max(1, rest.length) + 0.3;
        break;
      }
      // Too long for what is left of the sheet: its first lines here (when a few fit), the rest
      // on the next sheet, under the same group, field and item (Anexo II §2.3: never cut).
      if (room >= 3 || current.length === 0) {
        const take = Math.max(1, room);
        current.push({ ...row, lines: rest.slice(0, take) });
        rest = rest.slice(take);
      }
      chunks.push([]);
      used = 0;
      if (rest.length === 0) break;
    }
  }
  if ((chunks[chunks.length - 1]?.length ?? 0) === 0 && chunks.length > 1) chunks.pop();
  // The conditions of use (up to 12 lines and the title) close the last sheet: a sheet of their own
  // when the corrections leave no room for them.
  if (view.tpEvento === '110110' && used + 14 > limit()) chunks.push([]);
  const pages = chunks.length;
  const sheets = chunks.map((chunk, index) => {
    const parts = [identification(view, index + 1, pages), banner];
    if (index === 0 && view.tpEvento === '110111') {
      parts.push(
        `<div class="t gap"><div class="r">${cell(`Protocolo de autorização do ${view.docType} cancelado`, esc(view.nProtCancelado), 200, 8)}</div></div>`,
        textBlock('Justificativa', view.xJust, 20),
      );
    }
    if (view.tpEvento === '110110') {
      if (chunk.length > 0 || index === 0)
        parts.push(correctionsTable(chunk, index === 0 ? 'Correções' : 'Correções (continuação)'));
      if (index === pages - 1)
        parts.push(textBlock('Condições de uso', view.xCondUso || CCE_CONDICOES_DE_USO, 12));
    }
    if (index === 0 && view.details.length > 0) {
      parts.push(
        textBlock(
          'Detalhes do evento',
          view.details
            .map(describeDetail)
            .map((d) => `${d.label}: ${d.value}`)
            .join('\n'),
          40,
        ),
      );
      if (view.xJust) parts.push(textBlock('Justificativa', view.xJust, 20));
    }
    return sheet(parts.join(''), flags);
  });
  return { html: htmlDocument(`${titleOf(view)} ${view.chave}`, '', sheets), pages };
}
