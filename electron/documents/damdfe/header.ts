// The head of every DAMDFE sheet, after the road-modal portrait model of MOC MDF-e 3.00 Anexo II
// (p.126): emitente, the DAMDFE title, "CONTROLE DO FISCO" with the CODE-128C barcode of the key
// [§8 p.84–85], the key, the authorization protocol with date and time to the second [§7.7 p.83,
// §9 p.86], and the identification row (modelo, série, número, FL, emissão, UF carreg./descar.).
// The QR Code (MOC 3.00a §9.2, see DAMDFE-rules.md §5) sits beside the barcode.
import { accessKeyBarcodeSvg, qrCodeSvg } from '../html/codes';
import { cep, chave, cpfCnpj, esc, join, phone, xmlDateTime } from '../html/format';
import type { MdfeView } from '../parse/mdfe-types';
import { measureMm, wrapLines } from './text';

const LOGO_MM = 24;
const EMIT_NAME_PT = 10;
const EMIT_LINE_PT = 7;
const TITLE_MM = 9;
/** Barcode box: "CONTROLE DO FISCO" caption + bars 18 mm tall (MOC §8: 15–25 mm, in a 3 × 9 cm area). */
const BARCODE_BOX_MM = 24;
const BAR_MM = 18;
const KEY_ROW_MM = 8;
const PROT_ROW_MM = 9;
export const IDENT_ROW_MM = 9;
const QR_BOX_MM = 36;
/** 26 mm square: a ~100-character URL is a version 6 symbol (41 modules) of 0.63 mm modules. */
const QR_MM = 26;

function emitterLines(view: MdfeView, widthMm: number): { name: string[]; lines: string[] } {
  const e = view.emit;
  const d = e.ender;
  const ids = join(
    [
      e.CNPJ || e.CPF ? `${e.CNPJ ? 'CNPJ' : 'CPF'}: ${cpfCnpj(e.CNPJ || e.CPF)}` : '',
      e.IE ? `IE: ${e.IE}` : '',
      view.rodo?.RNTRC ? `RNTRC: ${view.rodo.RNTRC}` : '',
    ],
    '   ',
  );
  const texts = [
    ids,
    join([d.xLgr ? `Logradouro: ${d.xLgr}` : '', d.nro ? `Nº ${d.nro}` : ''], ', '),
    join([d.xCpl ? `Complemento: ${d.xCpl}` : '', d.xBairro ? `Bairro: ${d.xBairro}` : '']),
    join(
      [d.UF ? `UF: ${d.UF}` : '', d.xMun ? `Município: ${d.xMun}` : '', d.CEP ? `CEP: ${cep(d.CEP)}` : ''],
      '   ',
    ),
    join([d.fone ? `Fone: ${phone(d.fone)}` : '', e.email ? `E-mail: ${e.email}` : ''], '   '),
  ].filter(Boolean);
  return {
    name: wrapLines(e.xNome, widthMm, EMIT_NAME_PT),
    lines: texts.flatMap((t) => wrapLines(t, widthMm, EMIT_LINE_PT)),
  };
}

function validLogo(logo: string | undefined): logo is string {
  return logo !== undefined && /^data:image\/(png|jpe?g|gif|svg\+xml|webp);base64,/i.test(logo);
}

/** Height of the emitente box: the logo, or the name and address lines when they need more. */
function emitterBox(view: MdfeView, logo: string | undefined): { html: string; mm: number } {
  const withLogo = validLogo(logo);
  const textMm = 200 - 1.8 - (withLogo ? LOGO_MM + 2 : 0);
  const { name, lines } = emitterLines(view, textMm);
  const contentMm = name.length * 4.4 + lines.length * 3.2 + 1.2;
  const mm = Math.max(withLogo ? LOGO_MM + 2 : 0, contentMm, 14);
  const img = withLogo
    ? `<img src="${esc(logo)}" alt="" style="max-width:${LOGO_MM}mm;max-height:${LOGO_MM}mm;margin-right:2mm;flex:none">`
    : '';
  const text = `<div style="flex:1">${name
    .map(
      (l) =>
        `<div style="font-size:${EMIT_NAME_PT}pt;line-height:4.4mm;font-weight:bold;white-space:nowrap">${esc(l)}</div>`,
    )
    .join('')}${lines.map((l) => `<div class="em">${esc(l)}</div>`).join('')}</div>`;
  return {
    mm,
    html: `<div class="t"><div class="r"><div class="c" style="width:200mm;height:${mm}mm;display:flex;align-items:center">${img}${text}</div></div></div>`,
  };
}

/** What the protocol box says: the authorization, or in contingency the 168-hour notice [Anexo II p.125]. */
function protocolText(view: MdfeView): string {
  const p = view.protocol;
  if (p !== undefined && p.cStat === '100') return join([p.nProt, xmlDateTime(p.dhRecbto)], ' ');
  if (view.ide.tpEmis === '2')
    return `Impressão em contingência. Obrigatória a autorização em 168 horas após esta emissão (${xmlDateTime(view.ide.dhEmi).slice(0, 16)})`;
  return '';
}

function labelled(label: string, value: string, widthMm: number, mm: number, valueStyle = ''): string {
  return `<div class="c" style="width:${widthMm}mm;height:${mm}mm"><div class="l">${esc(label)}</div><div class="v" style="${valueStyle}">${value}</div></div>`;
}

function fiscoBlock(view: MdfeView): string {
  const leftMm = 200 - QR_BOX_MM;
  const prot = protocolText(view);
  const protPt = measureMm(prot, 7.5) <= leftMm - 2 ? 7.5 : 6;
  const qr = view.qrCode === '' ? '' : qrCodeSvg(view.qrCode, QR_MM);
  const left = `<div class="col">
<div class="c" style="width:${leftMm}mm;height:${BARCODE_BOX_MM}mm;text-align:center"><div class="l">Controle do fisco</div><div style="display:flex;justify-content:center;padding-top:1mm">${accessKeyBarcodeSvg(view.chave, 90, BAR_MM)}</div></div>
${labelled('Chave de acesso', `<span class="mono" style="font-size:10pt">${esc(chave(view.chave))}</span>`, leftMm, KEY_ROW_MM)}
${labelled('Protocolo de autorização de uso', esc(prot), leftMm, PROT_ROW_MM, `font-size:${protPt}pt`)}</div>`;
  const right = `<div class="c" style="width:${QR_BOX_MM}mm;height:${BARCODE_BOX_MM + KEY_ROW_MM + PROT_ROW_MM}mm;display:flex;align-items:center;justify-content:center">${qr}</div>`;
  return `<div class="t gap"><div class="r">${left}${right}</div></div>`;
}

function identRow(view: MdfeView, page: number, pages: number): string {
  const i = view.ide;
  const cells: [string, string, number][] = [
    ['Modelo', i.mod, 16],
    ['Série', i.serie, 16],
    ['Número', i.nMDF, 30],
    ['FL', `${page}/${pages}`, 22],
    ['Data e hora de emissão', xmlDateTime(i.dhEmi), 46],
    ['UF carreg.', i.UFIni, 35],
    ['UF descar.', i.UFFim, 35],
  ];
  return `<div class="t gap"><div class="r">${cells.map(([l, v, w]) => labelled(l, esc(v), w, IDENT_ROW_MM, 'text-align:center')).join('')}</div></div>`;
}

const TITLE_HTML = `<div class="t gap"><div class="r"><div class="c" style="width:200mm;height:${TITLE_MM}mm;display:flex;align-items:center"><span style="font-size:15pt;font-weight:bold;margin-right:4mm">DAMDFE</span><span style="font-size:9pt">Documento Auxiliar de Manifesto Eletrônico de Documentos Fiscais</span></div></div></div>`;

export interface DamdfeHeader {
  mm: number;
  render(page: number, pages: number): string;
}

export function damdfeHeader(view: MdfeView, logo: string | undefined): DamdfeHeader {
  const emit = emitterBox(view, logo);
  const fisco = fiscoBlock(view);
  // Four bordered blocks, three gaps between them, each block's top rule (0.2 mm).
  const mm =
    emit.mm + 1 + TITLE_MM + 1 + BARCODE_BOX_MM + KEY_ROW_MM + PROT_ROW_MM + 1 + IDENT_ROW_MM + 4 * 0.2;
  return { mm, render: (page, pages) => `${emit.html}${TITLE_HTML}${fisco}${identRow(view, page, pages)}` };
}
