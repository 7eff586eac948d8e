import { cep, cpfCnpj, doc, esc, join, money, percent, phone, qty, street } from '../html/format';
import { cell, fittingPt, plainText, sectionTitle, textWidthMm, wrapText } from '../html/page';
import type {
  CargoQuantity,
  CteOsView,
  CteView,
  IbsCbsView,
  IcmsView,
  ObsField,
  OriginDoc,
  Party,
} from '../parse/types';

/** Heights (mm) of the fixed sections; the pagination in dacte.ts adds them up. */
export const MM = {
  canhoto: 25,
  prestacao: 9,
  party: 23,
  tomador: 14,
  carga: 17,
  compRow: 3.2,
  compBase: 1 + 3.5 + 3,
  icms: 1 + 3.5 + 8,
  ibsCbs: 1 + 3.5 + 8,
  docsBase: 1 + 3.5 + 3,
  docRow: 3.4,
  obsBase: 1 + 3.5 + 0.6,
  obsLine: 3,
  modal: 1 + 3.5 + 8,
  fisco: 1 + 3.5 + 15,
} as const;

export const OBS_LINE_WIDTH_MM = 197;

export function canhoto(view: CteView | CteOsView): string {
  return `<div style="height:${MM.canhoto}mm"><div class="t">
<div class="r"><div class="c st" style="width:100%">Declaro que recebi os volumes deste conhecimento em perfeito estado pelo que dou por cumprido o presente contrato de transporte</div></div>
<div class="r"><div class="col">${cell('Nome', '', 60, 8)}${cell('RG', '', 60, 8)}</div>
<div class="c" style="width:50mm;height:16mm;display:flex;align-items:flex-end;justify-content:center"><div class="l">Assinatura / carimbo</div></div>
<div class="col">${cell('Término da prestação - data/hora', '', 45, 8)}${cell('Início da prestação - data/hora', '', 45, 8)}</div>
<div class="col">${cell('CT-e nº documento', esc(view.ide.nCT), 45, 8, 'center')}${cell('Série', esc(view.ide.serie), 45, 8, 'center')}</div></div>
</div><div style="border-top:.3mm dashed #000;margin-top:1.6mm"></div></div>`;
}

/** UFPer of infPercurso (up to 25): one line when it fits, else a compact list on two lines. */
function percursoCell(ufs: string[]): string {
  const text = ufs.join(' - ');
  if (textWidthMm(text, 7.5) <= 56) return cell('Percurso do veículo', esc(text), 60, 8);
  return `<div class="c" style="width:60mm;height:8mm"><div class="l">Percurso do veículo</div><div class="vs wrap" style="font-size:6pt;line-height:1.15;overflow:clip;max-height:5.4mm">${esc(ufs.join('/'))}</div></div>`;
}

export function prestacao(view: CteView | CteOsView, percurso?: string[]): string {
  const ini = join([view.ide.xMunIni, view.ide.UFIni]);
  const fim = join([view.ide.xMunFim, view.ide.UFFim]);
  const body =
    percurso === undefined
      ? `${cell('Início da prestação', esc(ini), 100, 8)}${cell('Término da prestação', esc(fim), 100, 8)}`
      : `${cell('Início da prestação', esc(ini), 70, 8)}${percursoCell(percurso)}${cell('Término da prestação', esc(fim), 70, 8)}`;
  return `<div class="t gap"><div class="r">${body}</div></div>`;
}

const CONTINUES = ' (continua em observações)';

/** Room (mm) a line() value has after its label. */
function lineRoom(label: string, widthMm: number): number {
  return widthMm - textWidthMm(label, 5) * 1.15 - 1.5;
}

/**
 * The text as a line() shows it: whole when it fits at the smallest size, else the words that fit
 * followed by a pointer to the observations, where the whole text is printed (Anexo II §2.12).
 */
export function fitOrCut(label: string, text: string, widthMm: number): { shown: string; cut: boolean } {
  const room = lineRoom(label, widthMm);
  if (fittingPt(text, room, 6.5, 4.2) !== undefined) return { shown: text, cut: false };
  const words = text.split(' ');
  while (words.length > 1 && fittingPt(`${words.join(' ')}${CONTINUES}`, room, 6.5, 4.2) === undefined)
    words.pop();
  let head = words.join(' ');
  while (head.length > 1 && fittingPt(`${head}${CONTINUES}`, room, 6.5, 4.2) === undefined)
    head = head.slice(0, -1);
  return { shown: `${head}${CONTINUES}`, cut: true };
}

/** Width of the address line of partyBox and tomadorBox. */
export const PARTY_STREET = { label: 'Endereço:', party: 98, tomador: 120 } as const;

export function line(label: string, value: string, widthMm: number): string {
  // The value is set smaller until it fits the room the label leaves (down to 4.2 pt), then on
  // two lines of 4.2 pt (a row is 4.1 mm), so a long name or município is never clipped.
  const room = lineRoom(label, widthMm);
  const text = plainText(value);
  const pt = fittingPt(text, room, 6.5, 4.2);
  if (pt === undefined) {
    const twoLines = fittingPt(text, room * 2 * 0.9, 6.5, 4.2) ?? 4.2;
    return `<div style="width:${widthMm}mm;display:flex;align-items:flex-start;overflow:clip"><span class="l" style="flex:none;margin-right:1mm">${esc(label)}</span><span class="vs" style="overflow:clip;white-space:normal;overflow-wrap:anywhere;line-height:1.05;font-size:${Math.min(4.2, twoLines)}pt">${value}</span></div>`;
  }
  const size = pt < 6.5 ? `;font-size:${pt}pt` : '';
  return `<div style="width:${widthMm}mm;display:flex;align-items:baseline;overflow:clip;white-space:nowrap"><span class="l" style="flex:none;margin-right:1mm">${esc(label)}</span><span class="vs" style="overflow:clip;text-overflow:ellipsis${size}">${value}</span></div>`;
}

/** A party box (remetente, destinatário, expedidor, recebedor) of 100 mm. */
export function partyBox(title: string, party: Party | undefined): string {
  const p = party;
  const e = p?.ender;
  const rows = [
    `<div class="r">${line(`${title}:`, esc(p?.xNome ?? ''), 98)}</div>`,
    `<div class="r">${line('Endereço:', esc(fitOrCut('Endereço:', e ? street(e) : '', 98).shown), 98)}</div>`,
    `<div class="r">${line('Município:', esc(e ? join([e.xMun]) : ''), 70)}${line('CEP:', esc(cep(e?.CEP ?? '')), 28)}</div>`,
    `<div class="r">${line('CNPJ/CPF:', esc(doc(p)), 55)}${line('IE:', esc(p?.IE ?? ''), 43)}</div>`,
    `<div class="r">${line('UF:', esc(e?.UF ?? ''), 18)}${line('País:', esc(e?.xPais ?? ''), 40)}${line('Fone:', esc(phone(p?.fone ?? '')), 40)}</div>`,
  ];
  return `<div class="c" style="width:100mm;height:${MM.party - 1}mm;padding-top:.6mm">${rows.map((r) => `<div style="height:4.1mm">${r}</div>`).join('')}</div>`;
}

export function partyRow(left: string, right: string): string {
  return `<div class="t gap"><div class="r">${left}${right}</div></div>`;
}

export function tomadorBox(title: string, party: Party | undefined, role = ''): string {
  const p = party;
  const e = p?.ender;
  const name = join([p?.xNome ?? '', role ? `(${role})` : ''], ' ');
  const rows = [
    `<div class="r">${line(`${title}:`, esc(name), 120)}${line('Município:', esc(e?.xMun ?? ''), 50)}${line('CEP:', esc(cep(e?.CEP ?? '')), 28)}</div>`,
    `<div class="r">${line('Endereço:', esc(fitOrCut('Endereço:', e ? street(e) : '', 120).shown), 120)}${line('UF:', esc(e?.UF ?? ''), 30)}${line('País:', esc(e?.xPais ?? ''), 48)}</div>`,
    `<div class="r">${line('CNPJ/CPF:', esc(doc(p)), 70)}${line('IE:', esc(p?.IE ?? ''), 50)}${line('Fone:', esc(phone(p?.fone ?? '')), 78)}</div>`,
  ];
  return `<div class="t gap"><div class="c" style="width:200mm;height:${MM.tomador - 1}mm;padding-top:.6mm">${rows.map((r) => `<div style="height:4.1mm">${r}</div>`).join('')}</div></div>`;
}

/** Quantities by the MOC's columns: kg for cUnid 01 (and 02 = ton × 1000), m³ for 00, units otherwise. */
function quantities(
  infQ: CargoQuantity[],
): Record<'bruto' | 'base' | 'aferido' | 'cubagem' | 'volumes', string> {
  const out = { bruto: '', base: '', aferido: '', cubagem: '', volumes: '' };
  for (const q of infQ) {
    const tp = q.tpMed.toUpperCase();
    if (q.cUnid === '01' || q.cUnid === '02') {
      const kg = Number(q.qCarga) * (q.cUnid === '02' ? 1000 : 1);
      const text = Number.isFinite(kg) ? qty(String(kg)) : q.qCarga;
      if (tp.includes('BASE') || tp.includes('CALC') || tp.includes('CÁLC')) out.base ||= text;
      else if (tp.includes('AFERIDO') || tp.includes('AUFERIDO')) out.aferido ||= text;
      else out.bruto ||= text;
    } else if (q.cUnid === '00') out.cubagem ||= qty(q.qCarga);
    else if (Number(q.qCarga) !== 0 || out.volumes === '') out.volumes = join([qty(q.qCarga), q.tpMed], ' ');
  }
  return out;
}

export function carga(view: CteView): string {
  const c = view.carga;
  const q = quantities(c?.infQ ?? []);
  return `<div class="t gap"><div class="r">${cell('Produto predominante', esc(c?.proPred ?? ''), 90, 8)}${cell('Outras características da carga', esc(c?.xOutCat ?? ''), 60, 8)}${cell('Valor total da carga', esc(money(c?.vCarga ?? '')), 50, 8, 'right')}</div>
<div class="r">${cell('Peso bruto (kg)', esc(q.bruto), 40, 8, 'right')}${cell('Peso base cálculo (kg)', esc(q.base), 40, 8, 'right')}${cell('Peso aferido (kg)', esc(q.aferido), 40, 8, 'right')}${cell('Cubagem (m³)', esc(q.cubagem), 35, 8, 'right')}${cell('Qtde. de volumes (und)', esc(q.volumes), 45, 8, 'right')}</div></div>`;
}

export function componentRows(view: CteView | CteOsView): number {
  return Math.max(3, Math.ceil(view.vPrest.comps.length / 4));
}

export function componentsHeight(view: CteView | CteOsView): number {
  return MM.compBase + componentRows(view) * MM.compRow;
}

export function components(view: CteView | CteOsView): string {
  const rows = componentRows(view);
  const comps = view.vPrest.comps;
  const h = rows * MM.compRow + 3;
  const cols: string[] = [];
  for (let c = 0; c < 4; c++) {
    let inner =
      '<div class="r" style="height:3mm"><div class="l" style="width:20mm">Nome</div><div class="l right" style="width:15mm">Valor</div></div>';
    for (let r = 0; r < rows; r++) {
      const comp = comps[c * rows + r];
      const name = comp?.xNome ?? '';
      const namePt = fittingPt(name, 19, 6.5, 4.2) ?? 4.2;
      inner += `<div class="r" style="height:${MM.compRow}mm"><div class="vs" style="width:20mm;overflow:clip;white-space:nowrap${namePt < 6.5 ? `;font-size:${namePt}pt` : ''}">${esc(name)}</div><div class="vs right" style="width:15mm;white-space:nowrap">${esc(money(comp?.vComp ?? ''))}</div></div>`;
    }
    cols.push(`<div class="c" style="width:37.5mm;height:${h}mm">${inner}</div>`);
  }
  const totals = `<div class="col">${cell('Valor total da prestação do serviço', esc(money(view.vPrest.vTPrest)), 50, h / 2, 'right')}${cell('Valor a receber', esc(money(view.vPrest.vRec)), 50, h / 2, 'right')}</div>`;
  return `<div class="t gap">${sectionTitle('Componentes do valor da prestação do serviço')}<div class="r">${cols.join('')}${totals}</div></div>`;
}

export function icms(icmsView: IcmsView | undefined, vTotTrib: string): string {
  const i = icmsView;
  const cst = i === undefined ? '' : join([i.group === 'ICMSSN' ? 'SN' : i.CST, i.description]);
  return `<div class="t gap">${sectionTitle('Informações relativas ao imposto')}<div class="r">${cell('Classificação tributária do serviço', esc(cst), 70, 8)}${cell('Base de cálculo', esc(money(i?.vBC ?? '')), 26, 8, 'right')}${cell('Alíq. do ICMS', esc(percent(i?.pICMS ?? '')), 18, 8, 'right')}${cell('Valor do ICMS', esc(money(i?.vICMS ?? '')), 26, 8, 'right')}${cell('% red. BC calc.', esc(percent(i?.pRedBC ?? '')), 18, 8, 'right')}${cell('ICMS ST / crédito', esc(money(i?.vCred ?? '')), 20, 8, 'right')}${cell('Tributos aprox.', esc(money(vTotTrib)), 22, 8, 'right')}</div></div>`;
}

export function ibsCbs(t: IbsCbsView): string {
  return `<div class="t gap">${sectionTitle('Tributos sobre bens e serviços (IBS / CBS)')}<div class="r">${cell('CST / cClassTrib', esc(join([t.CST, t.cClassTrib], ' / ')), 28, 8)}${cell('Base de cálculo', esc(money(t.vBC)), 26, 8, 'right')}${cell('IBS UF (alíq. / valor)', esc(join([percent(t.pIBSUF), money(t.vIBSUF)], ' / ')), 32, 8, 'right')}${cell('IBS Mun. (alíq. / valor)', esc(join([percent(t.pIBSMun), money(t.vIBSMun)], ' / ')), 32, 8, 'right')}${cell('Valor do IBS', esc(money(t.vIBS)), 22, 8, 'right')}${cell('CBS (alíq. / valor)', esc(join([percent(t.pCBS), money(t.vCBS)], ' / ')), 32, 8, 'right')}${cell('Total do DF-e', esc(money(t.vTotDFe)), 28, 8, 'right')}</div></div>`;
}

const DOC_COLS = [
  ['Tp doc.', 9.5],
  ['CNPJ/CPF emitente', 22],
  ['Série/nº doc.', 15],
  ['Chave de acesso', 51.5],
] as const;

function docCell(d: OriginDoc | undefined): string {
  const values =
    d === undefined
      ? ['', '', '', '']
      : [d.tipo, cpfCnpj(d.emitente), d.serieNumero, d.chave || (d.descricao ?? '')];
  return values
    .map(
      (v, i) =>
        `<div class="vs mono" style="flex:none;width:${DOC_COLS[i]?.[1]}mm;white-space:nowrap;overflow:clip;font-size:${i === 3 ? 5.7 : 6}pt">${esc(v)}</div>`,
    )
    .join('');
}

/** Documentos originários: `rows` lines of two documents each (left column first, then right). */
export function docsSection(title: string, docs: OriginDoc[], rows: number): string {
  const head = DOC_COLS.map(([l, w]) => `<div class="l" style="flex:none;width:${w}mm">${esc(l)}</div>`).join(
    '',
  );
  const half = (slice: OriginDoc[]) => {
    let inner = `<div class="r" style="height:3mm">${head}</div>`;
    for (let r = 0; r < rows; r++)
      inner += `<div class="r dl" style="height:${MM.docRow}mm;align-items:center">${docCell(slice[r])}</div>`;
    return `<div class="c" style="width:100mm;height:${rows * MM.docRow + 3}mm">${inner}</div>`;
  };
  return `<div class="t gap">${sectionTitle(title)}<div class="r">${half(docs.slice(0, rows))}${half(docs.slice(rows, rows * 2))}</div></div>`;
}

export function obsSection(title: string, lines: string[], capacity: number, more: boolean): string {
  const shown = lines.map((l) => `<div class="line">${esc(l)}</div>`).join('');
  const tail = more ? '<div class="line" style="font-weight:bold">(CONTINUA NA FOLHA SEGUINTE)</div>' : '';
  return `<div class="t gap">${sectionTitle(title)}<div class="c" style="width:200mm;height:${capacity * MM.obsLine + 0.6}mm;padding-top:.3mm">${shown}${tail}</div></div>`;
}

function obsFieldsText(fields: ObsField[]): string {
  return fields.map((f) => join([f.xCampo, f.xTexto], ': ')).join('\n');
}

const FISCO_BOX_LINES = 4;

export interface FiscoBoxes {
  emissor: string[];
  fisco: string[];
  /** Lines that did not fit their box; they continue in the observations. */
  overflow: string[];
}

/** ObsCont / ObsFisco wrapped to their boxes; what does not fit goes on in the observations. */
export function fiscoBoxes(obsCont: ObsField[], obsFisco: ObsField[]): FiscoBoxes {
  const emissor = wrapText(obsFieldsText(obsCont), 127);
  const fisco = wrapText(obsFieldsText(obsFisco), 63);
  const overflow: string[] = [];
  if (emissor.length > FISCO_BOX_LINES) {
    overflow.push('USO EXCLUSIVO DO EMISSOR (continuação):', ...emissor.splice(FISCO_BOX_LINES - 1));
    emissor.push('(continua em observações gerais)');
  }
  if (fisco.length > FISCO_BOX_LINES) {
    overflow.push('RESERVADO AO FISCO (continuação):', ...fisco.splice(FISCO_BOX_LINES - 1));
    fisco.push('(continua em observações gerais)');
  }
  return { emissor, fisco, overflow };
}

export function fiscoSection(boxes: FiscoBoxes): string {
  const lines = (l: string[]) => l.map((t) => `<div class="line">${esc(t)}</div>`).join('');
  return `<div class="r gap"><div class="t" style="width:130mm">${sectionTitle('Uso exclusivo do emissor do CT-e')}<div class="c" style="width:100%;height:15mm;padding-top:.6mm">${lines(boxes.emissor)}</div></div><div style="width:4mm"></div><div class="t" style="width:66mm">${sectionTitle('Reservado ao fisco')}<div class="c" style="width:100%;height:15mm;padding-top:.6mm">${lines(boxes.fisco)}</div></div></div>`;
}
