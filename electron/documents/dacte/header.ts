import { accessKeyBarcodeSvg, BARCODE_HEIGHT_MM, QR_CONTENT_MM, QR_QUIET_MM, qrCodeSvg } from '../html/codes';
import { cep, chave, doc, esc, join, phone, street, xmlDateTime } from '../html/format';
import { cell, wrapText } from '../html/page';
import type { CteOsView, CteView } from '../parse/types';
import { authorizationProtocol } from '../status';
import { fsdaData, fsdaDataGroups, isFsda } from './contingency';

/** The barcode box: the bars (BARCODE_HEIGHT_MM) and 1 mm above and below. */
const BARCODE_BOX_MM = BARCODE_HEIGHT_MM + 2;
/** Column B: title 13, numbers 9, barcode, key 8, consulta 9. */
export const HEADER_MM = 13 + 9 + BARCODE_BOX_MM + 8 + 9;
export const CFOP_ROW_MM = 8;
/** FS-DA: the one-line "Consulta em …" field 1 (9 mm) becomes a box of the additional barcode. */
const FSDA_EXTRA_MM = BARCODE_BOX_MM - 9;

/** Height of the identification block (without the CFOP row) for this document. */
export function headerHeight(view: CteView | CteOsView): number {
  return HEADER_MM + (isFsda(view) ? FSDA_EXTRA_MM : 0);
}

const MODAIS: Record<string, string> = {
  '01': 'RODOVIÁRIO',
  '02': 'AÉREO',
  '03': 'AQUAVIÁRIO',
  '04': 'FERROVIÁRIO',
  '05': 'DUTOVIÁRIO',
  '06': 'MULTIMODAL',
};

const TIPOS_CTE: Record<string, string> = {
  '0': 'NORMAL',
  '1': 'COMPLEMENTAR',
  '2': 'ANULAÇÃO',
  '3': 'SUBSTITUTO',
  '5': 'SIMPLIFICADO',
  '6': 'SUBST. SIMPLIFICADO',
};

const TIPOS_SERVICO: Record<string, string> = {
  '0': 'NORMAL',
  '1': 'SUBCONTRATAÇÃO',
  '2': 'REDESPACHO',
  '3': 'REDESP. INTERMEDIÁRIO',
  '4': 'VINC. A MULTIMODAL',
  '6': 'TRANSPORTE DE PESSOAS',
  '7': 'TRANSPORTE DE VALORES',
  '8': 'EXCESSO DE BAGAGEM',
};

export interface HeaderOptions {
  page: number;
  pages: number;
  logoDataUrl?: string;
  title: string;
  subtitle: string;
}

/** Lines of the emitter's street the box holds (at the width left beside a logo), and the mark of a cut. */
const EMIT_STREET_LINES = 4;
const EMIT_STREET_MM = 48;
const EMIT_CONTINUES = ' (continua em observações)';

/**
 * The emitter's street as its box prints it: whole when it fits EMIT_STREET_LINES lines, else the
 * words that fit followed by a pointer to the observations, where the whole address is printed
 * (Anexo II §2.12: nothing clipped).
 */
export function emitterStreet(view: CteView | CteOsView): { shown: string; cut: boolean } {
  const full = street(view.emit.ender);
  const fits = (s: string) => wrapText(s, EMIT_STREET_MM).length <= EMIT_STREET_LINES;
  if (fits(full)) return { shown: full, cut: false };
  const words = full.split(' ');
  while (words.length > 1 && !fits(`${words.join(' ')}${EMIT_CONTINUES}`)) words.pop();
  let head = words.join(' ');
  while (head.length > 1 && !fits(`${head}${EMIT_CONTINUES}`)) head = head.slice(0, -1);
  return { shown: `${head}${EMIT_CONTINUES}`, cut: true };
}

/** The emitter's whole address for the observations when its box could not hold it. */
export function emitterAddressObservation(view: CteView | CteOsView): string[] {
  return emitterStreet(view).cut ? [`Endereço do emitente (continuação): ${street(view.emit.ender)}`] : [];
}

function emitterBox(view: CteView | CteOsView, logoDataUrl: string | undefined, heightMm: number): string {
  const e = view.emit;
  const logo =
    logoDataUrl !== undefined && /^data:image\/(png|jpe?g|gif|svg\+xml|webp);base64,/i.test(logoDataUrl)
      ? `<img src="${esc(logoDataUrl)}" alt="" style="max-width:24mm;max-height:24mm;object-fit:contain;flex:none;margin-right:1.5mm">`
      : '';
  // The name in 9 pt while it takes two lines (bold runs wider than the estimate), else smaller:
  // three lines of a long name and the address always fit the box, nothing hidden.
  const nameFits = wrapText(e.xNome || e.xFant, logo ? 48 : 74, 9 * 1.1).length <= 2;
  const lines = [
    emitterStreet(view).shown,
    join([e.ender.xMun, e.ender.UF, cep(e.ender.CEP)]),
    join([e.CNPJ || e.CPF ? `CNPJ/CPF: ${doc(e)}` : '', e.IE ? `IE: ${e.IE}` : ''], '   '),
    e.ender.fone ? `FONE: ${phone(e.ender.fone)}` : '',
  ].filter(Boolean);
  return `<div class="c" style="width:78mm;height:${heightMm}mm;display:flex;align-items:center">${logo}<div style="flex:1;min-width:0;text-align:center"><div style="font-size:${nameFits ? 9 : 7.5}pt;font-weight:bold;line-height:1.15;overflow-wrap:anywhere">${esc(e.xNome || e.xFant)}</div>${lines.map((l) => `<div style="font-size:6.5pt;line-height:1.3;overflow-wrap:anywhere">${esc(l)}</div>`).join('')}</div></div>`;
}

/** The identification block repeated on every sheet: emitter, title, numbers, key, barcode, QR code. */
export function header(view: CteView | CteOsView, opts: HeaderOptions): string {
  const ide = view.ide;
  const globalizado = view.kind === 'cte' ? (ide.indGlobalizado === '1' ? 'SIM' : 'NÃO') : '';
  const infGlobalizado = view.kind === 'cte' ? view.infGlobalizado : '';
  const extra = headerHeight(view) - HEADER_MM;
  const colA = `<div class="col" style="width:78mm">${emitterBox(view, opts.logoDataUrl, HEADER_MM - 18 + extra)}<div class="r">${cell('Tipo do CT-e', esc(TIPOS_CTE[ide.tpCTe] ?? ide.tpCTe), 39, 9)}${cell('Tipo do serviço', esc(TIPOS_SERVICO[ide.tpServ] ?? ide.tpServ), 39, 9)}</div><div class="r">${
    view.kind === 'cte'
      ? `${cell('Indicador do CT-e globalizado', globalizado, 39, 9)}${cell('Inf. do CT-e globalizado', esc(infGlobalizado), 39, 9)}`
      : `${cell('Tomador do serviço', esc(view.toma?.xNome ?? ''), 78, 9)}`
  }</div></div>`;
  const title = `<div class="c" style="width:56mm;height:13mm;text-align:center;padding-top:.8mm"><div style="font-size:12pt;font-weight:bold;letter-spacing:.3mm">${esc(opts.title)}</div><div style="font-size:6pt;line-height:1.2">${esc(opts.subtitle)}</div></div>`;
  const modal = `<div class="c" style="width:36mm;height:13mm;text-align:center"><div class="l">Modal</div><div style="font-size:9pt;font-weight:bold;margin-top:.8mm">${esc(MODAIS[ide.modal] ?? ide.modal)}</div></div>`;
  const numbers = `<div class="r">${cell('Modelo', esc(ide.mod), 12, 9, 'center')}${cell('Série', esc(ide.serie), 12, 9, 'center')}${cell('Número', esc(ide.nCT), 22, 9, 'center')}${cell('FL', `${opts.page}/${opts.pages}`, 12, 9, 'center')}${cell('Data e hora de emissão', esc(xmlDateTime(ide.dhEmi)), 34, 9, 'center')}</div>`;
  // At most 84 mm of bars: the 10-module quiet zone of Anexo II §2.17 stays inside the 9 cm area.
  const barcode = `<div class="c" style="width:92mm;height:${BARCODE_BOX_MM}mm;padding:1mm 0;display:flex;justify-content:center">${accessKeyBarcodeSvg(view.chave, 84, BARCODE_HEIGHT_MM)}</div>`;
  const keyLabel = isFsda(view)
    ? 'Chave de acesso para consulta de autenticidade no site www.cte.fazenda.gov.br ou da Sefaz Autorizadora'
    : 'Chave de acesso';
  // The long FS-DA label of the model (p. 29) only fits in small lower-case type.
  const keyLabelStyle = isFsda(view) ? ' style="text-transform:none;font-size:4.6pt"' : '';
  const key = `<div class="c center" style="width:92mm;height:8mm"><div class="l"${keyLabelStyle}>${keyLabel}</div><div class="v mono" style="font-size:8pt">${esc(chave(view.chave))}</div></div>`;
  // Anexo II §3 always shows the "Inscrição SUFRAMA Destinatário" caption on the DACTE (its dest/ISUF
  // may be empty); the DACTE OS and the CT-e Simplificado have no destinatário.
  const suframa = view.kind === 'cte' && view.entregas === undefined;
  const isuf = view.kind === 'cte' ? view.destISUF : '';
  const consulta = isFsda(view)
    ? fsdaField1(view, suframa, isuf)
    : !suframa
      ? `<div class="c center" style="width:92mm;height:9mm;padding-top:2mm"><div style="font-size:7.5pt;font-weight:bold">Consulta em http://www.cte.fazenda.gov.br/portal</div></div>`
      : `<div class="r"><div class="c center" style="width:62mm;height:9mm;padding-top:2.2mm"><div style="font-size:6.5pt;font-weight:bold">Consulta em http://www.cte.fazenda.gov.br/portal</div></div>${cell('Insc. SUFRAMA destinatário', esc(isuf), 30, 9, 'center')}</div>`;
  const colB = `<div class="col" style="width:92mm"><div class="r">${title}${modal}</div>${numbers}${barcode}${key}${consulta}</div>`;
  // Without qrCodCTe (layouts before 3.00, or a file without infCTeSupl) the box stays empty: no
  // words that are not in the XML (Anexo II §2.1).
  const qr = view.qrCode
    ? `<div style="padding:${QR_QUIET_MM}mm;background:#fff">${qrCodeSvg(view.qrCode, QR_CONTENT_MM)}</div>`
    : '<div class="qr-empty"></div>';
  // No padding: the QR and its quiet zone (29.5 mm) fit the 30 mm column without touching its borders.
  const colC = `<div class="c" style="width:30mm;height:${HEADER_MM + extra}mm;padding:0;display:flex;flex-direction:column;align-items:center;justify-content:center">${qr}</div>`;
  return `<div class="t"><div class="r">${colA}${colB}${colC}</div>${cfopRow(view)}</div>`;
}

/** FS-DA field 1 (Anexo II §2.19.2): the additional barcode of the Dados do CT-e. */
function fsdaField1(view: CteView | CteOsView, suframa: boolean, isuf: string): string {
  const data = fsdaData(view);
  const width = suframa ? 62 : 92;
  // When the XML lacks what the Dados do CT-e need, the field stays empty (nothing not in the XML).
  const bars = data === '' ? '' : accessKeyBarcodeSvg(data, width - 8, BARCODE_HEIGHT_MM);
  const box = `<div class="c" style="width:${width}mm;height:${BARCODE_BOX_MM}mm;padding:1mm 0;display:flex;justify-content:center">${bars}</div>`;
  return !suframa
    ? box
    : `<div class="r">${box}${cell('Insc. SUFRAMA destinatário', esc(isuf), 30, BARCODE_BOX_MM, 'center')}</div>`;
}

function cfopRow(view: CteView | CteOsView): string {
  // Anexo II §2.19.1 campo 2: only an authorization (cStat 100/150) is printed as one.
  const p = authorizationProtocol(view);
  const prot = p === undefined ? '' : join([p.nProt, xmlDateTime(p.dhRecbto)], ' ');
  const cfop = esc(join([view.ide.CFOP, view.ide.natOp]));
  if (isFsda(view)) {
    // Field 2 holds the Dados do CT-e; the protocol (§2.1), once the CT-e is authorized, moves left.
    const dados = cell('Dados do CT-e', esc(fsdaDataGroups(fsdaData(view))), 92, CFOP_ROW_MM, 'center mono');
    return prot === ''
      ? `<div class="r">${cell('CFOP - Natureza da operação', cfop, 108, CFOP_ROW_MM)}${dados}</div>`
      : `<div class="r">${cell('CFOP - Natureza da operação', cfop, 60, CFOP_ROW_MM)}${cell('Protocolo de autorização de uso', `<span style="font-size:6.3pt">${esc(prot)}</span>`, 48, CFOP_ROW_MM, 'center')}${dados}</div>`;
  }
  return `<div class="r">${cell('CFOP - Natureza da operação', cfop, 108, CFOP_ROW_MM)}${cell('Protocolo de autorização de uso', esc(prot), 92, CFOP_ROW_MM, 'center')}</div>`;
}
