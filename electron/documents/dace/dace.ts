import { partyBox } from '../dacte/sections';
import type { RenderedHtml, RenderOptions } from '../dacte/dacte';
import { accessKeyBarcodeSvg, QR_QUIET_MM, qrCodeSvg } from '../html/codes';
import { cep, chave, cpfCnpj, doc, esc, join, money, phone, qty, street, xmlDateTime } from '../html/format';
import {
  bannersHtml,
  cell,
  HOMOLOGACAO_BANNER_MM,
  HOMOLOGACAO_TEXT,
  htmlDocument,
  SHEET,
  sectionTitle,
  sheet,
  wrapText,
} from '../html/page';
import type { DceItem, DceView } from '../parse/types';
import { authorizationProtocol, isDceContingency, statusMarks } from '../status';

// No official DACE layout was found (Anexo II of the DC-e manual is missing from the references): this
// sheet carries what the manual requires (key, barcode, QR code, protocol) plus the parties, items and
// totals, in the DACTE's visual language.

const TP_EMIT: Record<string, string> = {
  '0': 'App Fisco',
  '1': 'Marketplace',
  '2': 'Emissor próprio',
  '3': 'Transportadora',
  '4': 'ECT',
};
const MOD_TRANS: Record<string, string> = {
  '0': 'Correios',
  '1': 'Por conta própria',
  '2': 'Empresa transportadora',
};

const HEAD_MM = 38 + 20;
const ITEM_ROW_MM = 4;
const ITEM_HEAD_MM = 1 + 3.5 + 3.5;
const FIRST_FIXED_MM = 1 + 23 + 1 + 9 + 1 + 3.5 + 8 + 1 + 3.5 + 22 + 8;
const TEXT_WIDTH_MM = 197;

function emitterBox(view: DceView, logo: string | undefined): string {
  const e = view.emit;
  const img =
    logo !== undefined && /^data:image\/(png|jpe?g|gif|svg\+xml|webp);base64,/i.test(logo)
      ? `<img src="${esc(logo)}" alt="" style="max-width:22mm;max-height:22mm;margin-right:1.5mm">`
      : '';
  const lines = [
    street(e.ender),
    join([e.ender.xMun, e.ender.UF, cep(e.ender.CEP)]),
    `CNPJ/CPF: ${doc(e)}`,
    phone(e.ender.fone),
  ];
  return `<div class="c" style="width:80mm;height:38mm;display:flex;align-items:center">${img}<div style="flex:1;text-align:center"><div class="l">Remetente / emitente da declaração</div><div style="font-size:9pt;font-weight:bold">${esc(e.xNome)}</div>${lines
    .filter(Boolean)
    .map((l) => `<div style="font-size:6.5pt">${esc(l)}</div>`)
    .join('')}</div></div>`;
}

function head(view: DceView, page: number, pages: number, logo: string | undefined): string {
  const title = `<div class="col"><div class="c center" style="width:85mm;height:20mm;padding-top:1mm"><div style="font-size:14pt;font-weight:bold">DACE</div><div style="font-size:6.5pt">Declaração Auxiliar de Conteúdo Eletrônica</div><div style="font-size:6pt;margin-top:.6mm">Documento auxiliar apenas para consulta</div></div><div class="r">${cell('Modelo', esc(view.ide.mod), 13, 9, 'center')}${cell('Série', esc(view.ide.serie), 13, 9, 'center')}${cell('Número', esc(view.ide.nDC), 20, 9, 'center')}${cell('FL', `${page}/${pages}`, 11, 9, 'center')}${cell('Emissão', esc(xmlDateTime(view.ide.dhEmi)), 28, 9, 'center')}</div>${cell('Emitida por', esc(join([TP_EMIT[view.ide.tpEmit] ?? view.ide.tpEmit, view.emissor?.value ?? ''])), 85, 9)}</div>`;
  const qr = view.qrCode
    ? `<div style="padding:${QR_QUIET_MM + 0.2}mm">${qrCodeSvg(view.qrCode, 25)}</div>`
    : '<div class="qr-empty"></div>';
  const qrBox = `<div class="c" style="width:35mm;height:38mm;display:flex;align-items:center;justify-content:center">${qr}</div>`;
  const p = authorizationProtocol(view);
  const prot = p === undefined ? '' : join([p.nProt, xmlDateTime(p.dhRecbto)], ' ');
  const keyRow = `<div class="r"><div class="c" style="width:95mm;height:20mm;padding:1.5mm 0;display:flex;justify-content:center">${accessKeyBarcodeSvg(view.chave, 84, 17)}</div><div class="col">${cell('Chave de acesso', `<span class="mono" style="font-size:8pt">${esc(chave(view.chave))}</span>`, 105, 7, 'center')}${cell('Protocolo de autorização de uso', esc(prot), 105, 7, 'center')}${cell('Consulta pela chave de acesso', esc(view.urlChave), 105, 6, 'center')}</div></div>`;
  const contingency = isDceContingency(view.ide.tpEmis)
    ? '<div class="banner">EMITIDO EM CONTINGÊNCIA</div>'
    : '';
  return `<div class="t"><div class="r">${emitterBox(view, logo)}${title}${qrBox}</div>${keyRow}</div>${contingency}`;
}

function itemsTable(items: DceItem[], rows: number, title: string): string {
  const cols: [string, number, string][] = [
    ['Item', 10, 'center'],
    ['Descrição do conteúdo', 100, ''],
    ['NCM', 18, 'center'],
    ['Quantidade', 22, 'right'],
    ['Valor unitário', 25, 'right'],
    ['Valor total', 25, 'right'],
  ];
  const headRow = cols
    .map(([l, w, a]) => `<div class="c l ${a}" style="width:${w}mm;height:3.5mm">${esc(l)}</div>`)
    .join('');
  let body = '';
  for (let i = 0; i < rows; i++) {
    const it = items[i];
    const values =
      it === undefined
        ? ['', '', '', '', '', '']
        : [it.nItem, it.xProd, it.NCM, qty(it.qCom), money(it.vUnCom), money(it.vProd)];
    body += `<div class="r">${cols.map(([, w, a], c) => `<div class="c vs ${a}" style="width:${w}mm;height:${ITEM_ROW_MM}mm;white-space:nowrap">${esc(values[c])}</div>`).join('')}</div>`;
  }
  return `<div class="t gap">${sectionTitle(title)}<div class="r">${headRow}</div>${body}</div>`;
}

export function renderDace(view: DceView, options: RenderOptions = {}): RenderedHtml {
  const homologacao = view.ambiente === 'homologacao';
  const marks = statusMarks(view, options);
  const flags = { homologacao, stamp: marks.stamp };
  const bannerTexts = [...marks.banners, homologacao ? HOMOLOGACAO_TEXT : ''].filter(Boolean);
  const bannerMm = bannerTexts.length * HOMOLOGACAO_BANNER_MM;
  const contingencyMm = isDceContingency(view.ide.tpEmis) ? HOMOLOGACAO_BANNER_MM : 0;
  const firstFree =
    SHEET.contentHeight - HEAD_MM - bannerMm - contingencyMm - FIRST_FIXED_MM - ITEM_HEAD_MM - 2;
  const nextFree = SHEET.contentHeight - HEAD_MM - bannerMm - contingencyMm - ITEM_HEAD_MM - 2;
  const firstRows = Math.max(1, Math.floor(firstFree / ITEM_ROW_MM));
  // The first sheet lists only the items it has (at least one row), so totals follow them closely.
  const firstShown = Math.max(1, Math.min(firstRows, view.items.length));
  const nextRows = Math.floor(nextFree / ITEM_ROW_MM);
  const chunks: DceItem[][] = [view.items.slice(0, firstRows)];
  for (let at = firstRows; at < view.items.length && chunks.length < 500; at += nextRows)
    chunks.push(view.items.slice(at, at + nextRows));
  const pages = chunks.length;
  const texts = wrapText(
    [...view.declaracoes, view.infCpl, view.infAdFisco].filter(Boolean).join('\n'),
    TEXT_WIDTH_MM,
  ).slice(0, 7);
  const sheets = chunks.map((items, index) => {
    const top = head(view, index + 1, pages, options.logoDataUrl) + bannersHtml(bannerTexts);
    if (index > 0) return sheet(top + itemsTable(items, items.length, 'Conteúdo (continuação)'), flags);
    const t = view.transp;
    const body = [
      top,
      `<div class="t gap"><div class="r">${partyBox('Remetente', view.emit)}${partyBox('Destinatário', view.dest)}</div></div>`,
      `<div class="t gap"><div class="r">${cell('Modalidade do transporte', esc(MOD_TRANS[t?.modTrans ?? ''] ?? t?.modTrans ?? ''), 70, 9)}${cell('CNPJ da transportadora', esc(cpfCnpj(t?.CNPJTransp ?? '')), 60, 9)}${cell('Valor total da declaração', esc(money(view.vDC)), 70, 9, 'right')}</div></div>`,
      itemsTable(items, firstShown, 'Conteúdo declarado'),
      `<div class="t gap">${sectionTitle('Totais')}<div class="r">${cell('Quantidade de itens', String(view.items.length), 100, 8, 'right')}${cell('Valor total da declaração', esc(money(view.vDC)), 100, 8, 'right')}</div></div>`,
      `<div class="t gap">${sectionTitle('Declarações e informações complementares')}<div class="c" style="width:200mm;height:22mm">${texts.map((l) => `<div class="line">${esc(l)}</div>`).join('')}</div></div>`,
      `<div class="l wrap" style="margin-top:1mm;font-size:5.5pt;text-transform:none;white-space:normal">A DC-e pode ser consultada pela chave de acesso no portal da SEFAZ autorizadora${view.urlChave ? ` (${esc(view.urlChave)})` : ''} ou pela leitura do QR Code. Esta declaração deve acompanhar o volume transportado.</div>`,
    ].join('');
    return sheet(body, flags);
  });
  return { html: htmlDocument(`DACE ${view.ide.nDC}`, '', sheets), pages };
}
