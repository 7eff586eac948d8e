// Printouts of the MDF-e events of MOC MDF-e 3.00 §6: cancelamento (110111, §6.1 p.69–70),
// encerramento (110112, §6.2 p.71–72), inclusão de condutor (110114, §6.3 p.73–74) and inclusão de
// DF-e (110115, MOC 3.00a; XSD evInclusaoDFeMDFe). The MOC has no model for them: they carry the
// event's identification, its registration by SEFAZ and its fields, with labels and Brazilian formats.
import { parseAccessKey } from '../../fiscal/access-key';
import { ufByCode } from '../../fiscal/uf';
import type { RenderedHtml } from '../dacte/compose';
import { DAMDFE_CSS, labelledRows, planFlow, renderChunk, row, ROW_MM } from '../damdfe/flow';
import type { FlowRow, FlowSection } from '../damdfe/flow';
import { accessKeyBarcodeSvg } from '../html/codes';
import { chave, cpfCnpj, esc, join, money, xmlDateTime } from '../html/format';
import {
  HOMOLOGACAO_BANNER_MM,
  homologacaoBanner,
  htmlDocument,
  SHEET,
  sheet,
  type SheetFlags,
} from '../html/page';
import type { MdfeEventView } from '../parse/mdfe-types';

const TITLES: Record<string, string> = {
  '110111': 'CANCELAMENTO DE MDF-e',
  '110112': 'ENCERRAMENTO DE MDF-e',
  '110114': 'INCLUSÃO DE CONDUTOR NO MDF-e',
  '110115': 'INCLUSÃO DE DF-e NO MDF-e',
};

/** dd/mm/aaaa hh:mm of the event's own clock (the offset written in the XML is kept). */
function minutes(value: string): string {
  return xmlDateTime(value).slice(0, 16);
}

function uf(code: string): string {
  const found = ufByCode(code, { allowEx: true });
  return found === null ? code : `${found.sigla} (${code})`;
}

function labelled(label: string, value: string, widthMm: number, mm: number, cls = ''): string {
  return `<div class="c ${cls}" style="width:${widthMm}mm;height:${mm}mm"><div class="l">${esc(label)}</div><div class="v">${value}</div></div>`;
}

const HEAD_MM = 24 + 3 * 9 + 0.2;

function identification(view: MdfeEventView, page: number, pages: number): string {
  const k = view.chave;
  const parsed = parseAccessKey(k, { ignoreCheckDigit: true });
  const r = view.registro;
  const situacao = r === undefined ? 'Pedido do evento, sem o registro da SEFAZ' : join([r.cStat, r.xMotivo]);
  const title = TITLES[view.tpEvento] ?? view.descEvento.toUpperCase().replace(/MDF-E/g, 'MDF-e');
  return `<div class="t"><div class="r"><div class="c center" style="width:108mm;height:24mm;padding-top:3mm"><div style="font-size:12pt;font-weight:bold;white-space:nowrap">${esc(title)}</div><div style="font-size:7pt;margin-top:1mm;white-space:nowrap">Evento ${esc(view.tpEvento)} – ${esc(view.descEvento)}</div><div style="font-size:7pt;white-space:nowrap">Folha ${page}/${pages}</div></div><div class="c" style="width:92mm;height:24mm;padding:3mm 0;display:flex;justify-content:center">${accessKeyBarcodeSvg(k, 88, 18)}</div></div>
<div class="r">${labelled('Chave de acesso do MDF-e', `<span class="mono">${esc(chave(k))}</span>`, 110, 9)}${labelled('Modelo', esc(parsed?.mod ?? ''), 18, 9, 'center')}${labelled('Série', esc(parsed ? String(Number(parsed.serie)) : ''), 22, 9, 'center')}${labelled('Número', esc(parsed ? String(Number(parsed.numero)) : ''), 50, 9, 'center')}</div>
<div class="r">${labelled('Autor do evento (CNPJ/CPF)', esc(cpfCnpj(view.autor)), 48, 9)}${labelled('Órgão', esc(uf(view.cOrgao)), 22, 9, 'center')}${labelled('Ambiente', view.ambiente === 'homologacao' ? 'Homologação' : 'Produção', 28, 9, 'center')}${labelled('Data e hora do evento', esc(minutes(view.dhEvento)), 42, 9, 'center')}${labelled('Sequência', esc(view.nSeqEvento), 20, 9, 'center')}${labelled('Código do evento', esc(view.tpEvento), 40, 9, 'center')}</div>
<div class="r">${labelled('Protocolo do evento', esc(join([r?.nProt ?? '', minutes(r?.dhRegEvento ?? '')], ' – ')), 70, 9)}${labelled('Situação', esc(situacao), 130, 9)}</div></div>`;
}

/** Captions of the fields of the other MDF-e events (XSDs ev*MDFe_v3.00), by tag name. */
const FIELD_LABELS: Record<string, string> = {
  nProt: 'Protocolo de autorização do MDF-e',
  xJust: 'Justificativa',
  dtEnc: 'Data',
  cUF: 'UF',
  cMun: 'Município (IBGE)',
  xNome: 'Nome',
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  idEstrangeiro: 'Identificação estrangeira',
  infViagens: 'Viagens',
  qtdViagens: 'Quantidade de viagens',
  nroViagem: 'Número da viagem',
  infPag: 'Pagamento',
  Comp: 'Componente',
  tpComp: 'Tipo',
  vComp: 'Valor',
  xComp: 'Descrição',
  vContrato: 'Valor do contrato',
  indAltoDesemp: 'Alto desempenho',
  indPag: 'Forma de pagamento',
  vAdiant: 'Adiantamento',
  infPrazo: 'Prazo',
  nParcela: 'Parcela',
  dVenc: 'Vencimento',
  vParcela: 'Valor da parcela',
  infBanc: 'Dados bancários',
  codBanco: 'Banco',
  codAgencia: 'Agência',
  CNPJIPEF: 'CNPJ da instituição de pagamento',
  PIX: 'Chave PIX',
  dhPass: 'Data e hora da passagem',
  tpTransm: 'Tipo de transmissão',
  placa: 'Placa',
};

/** A detail of an event without a layout of its own, captioned and formatted (dates, CPF/CNPJ, values). */
function readable(label: string, value: string): [string, string] {
  const parts = label.split(' / ');
  const caption = parts.map((p) => FIELD_LABELS[p] ?? p).join(' – ');
  const field = parts[parts.length - 1] ?? '';
  let shown = value;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) shown = minutes(value);
  else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) shown = xmlDateTime(value);
  else if (/^(CPF|CNPJ|CNPJIPEF)$/.test(field)) shown = cpfCnpj(value);
  else if (/^v[A-Z]/.test(field)) shown = money(value);
  return [caption, shown];
}

/** The event's own fields, item by item. */
function detailSection(view: MdfeEventView): FlowSection {
  const rows: FlowRow[] = [];
  const add = (label: string, value: string) => {
    if (value.trim() !== '') rows.push(...labelledRows(label, value, 60));
  };
  const c = view.cancelamento;
  if (c !== undefined) {
    add('Protocolo de autorização do MDF-e', c.nProt);
    add('Justificativa', c.xJust);
  }
  const e = view.encerramento;
  if (e !== undefined) {
    add('Protocolo de autorização do MDF-e', e.nProt);
    add('Data do encerramento', xmlDateTime(e.dtEnc));
    add('UF do encerramento', uf(e.cUF));
    add('Município do encerramento (IBGE)', e.cMun);
  }
  const d = view.condutor;
  if (d !== undefined) {
    add('Nome do condutor', d.xNome);
    add('CPF do condutor', cpfCnpj(d.doc));
  }
  const inc = view.inclusaoDfe;
  if (inc !== undefined) {
    add('Protocolo de autorização do MDF-e', inc.nProt);
    add(
      'Município de carregamento',
      join([inc.xMunCarrega, inc.cMunCarrega ? `(IBGE ${inc.cMunCarrega})` : ''], ' '),
    );
  }
  for (const item of view.details) add(...readable(item.label, item.value));
  return { title: 'Dados do evento', rows };
}

/** Inclusão de DF-e: the NF-e added, with their unloading municipality. */
function documentsSection(view: MdfeEventView): FlowSection {
  const docs = view.inclusaoDfe?.docs ?? [];
  const head = row(ROW_MM, [
    [80, '<div class="ln lb">Município de descarregamento</div>'],
    [120, '<div class="ln lb">Chave de acesso da NF-e</div>'],
  ]);
  return {
    title: 'Documentos incluídos',
    head,
    rows: docs.map((doc) =>
      row(ROW_MM, [
        [
          80,
          `<div class="ln">${esc(join([doc.xMunDescarga, doc.cMunDescarga ? `(${doc.cMunDescarga})` : ''], ' '))}</div>`,
        ],
        [120, `<div class="k">${esc(chave(doc.chNFe))}</div>`],
      ]),
    ),
  };
}

/** Printout of an MDF-e event, on as many A4 sheets as its documents need. */
export function renderMdfeEvent(view: MdfeEventView, _options: { logoDataUrl?: string } = {}): RenderedHtml {
  const homologacao = view.ambiente === 'homologacao';
  const flags: SheetFlags = { homologacao, stamp: undefined };
  const banner = homologacao ? homologacaoBanner() : '';
  const top = HEAD_MM + (homologacao ? HOMOLOGACAO_BANNER_MM : 0) + 1;
  const sections = [detailSection(view), documentsSection(view)];
  const plan = planFlow(sections, SHEET.contentHeight - top, SHEET.contentHeight - top);
  const pages = plan.length;
  const sheets = plan.map((chunks, index) => {
    const flow = chunks.map((chunk) => {
      const section = sections[chunk.section];
      return section === undefined ? '' : renderChunk(section, chunk);
    });
    return sheet(
      `<div class="dm">${identification(view, index + 1, pages)}${banner}${flow.join('')}</div>`,
      flags,
    );
  });
  const title = TITLES[view.tpEvento] ?? view.descEvento.toUpperCase().replace(/MDF-E/g, 'MDF-e');
  return { html: htmlDocument(`${title} ${view.chave}`, DAMDFE_CSS, sheets), pages };
}
