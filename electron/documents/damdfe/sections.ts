// The body of the DAMDFE: the "Modal Rodoviário de Carga" block of Anexo II p.126 (quantities and
// weight; vehicles with plate and RNTRC; drivers with CPF and name; vale-pedágio with the CNPJ of the
// payer and supplier and the receipt number), then, as §9 p.86 allows below the standard layout, the
// observação, the rest of the transport's data and the documents by unloading municipality.
import { chave, cpfCnpj, esc, join, money, qty, xmlDateTime } from '../html/format';
import { TP_VALE_PED } from '../../fiscal/mdfe-antt';
import { TP_CARGA } from '../../fiscal/mdfe-carga';
import type { MdfeDoc, MdfeVehicle, MdfeView } from '../parse/mdfe-types';
import type { FlowRow, FlowSection } from './flow';
import { labelledRows, LINE_MM, LINE_PT, row, ROW_MM, textRows } from './flow';
import { wrapLines } from './text';

const TP_ROD: Record<string, string> = {
  '01': 'Truck',
  '02': 'Toco',
  '03': 'Cavalo mecânico',
  '04': 'VAN',
  '05': 'Utilitário',
  '06': 'Outros',
};
const TP_CAR: Record<string, string> = {
  '00': 'Não aplicável',
  '01': 'Aberta',
  '02': 'Fechada/Baú',
  '03': 'Granelera',
  '04': 'Porta container',
  '05': 'Sider',
};
const TP_PROP: Record<string, string> = { '0': 'TAC agregado', '1': 'TAC independente', '2': 'Outros' };
const RESP_SEG: Record<string, string> = { '1': 'Emitente do MDF-e', '2': 'Contratante do transporte' };
const TP_COMP: Record<string, string> = {
  '01': 'Vale-pedágio',
  '02': 'Impostos, taxas e contribuições',
  '03': 'Despesas',
  '04': 'Frete',
  '99': 'Outros',
};
const TP_EMIT: Record<string, string> = {
  '1': 'Prestador de serviço de transporte',
  '2': 'Transportador de carga própria',
  '3': 'Prestador de serviço de transporte que emitirá CT-e globalizado',
};
const TP_TRANSP: Record<string, string> = { '1': 'ETC', '2': 'TAC', '3': 'CTC' };
const MODAL: Record<string, string> = {
  '1': 'Rodoviário',
  '2': 'Aéreo',
  '3': 'Aquaviário',
  '4': 'Ferroviário',
};

const coded = (table: Record<string, string>, code: string) =>
  code === '' ? '' : table[code] ? `${code} – ${table[code]}` : code;

const HEAD_MM = 3.5;
const CELL_ROW_MM = 4;
/** Most drivers and vale-pedágio receipts the standard block shows; the rest continue in the flow. */
export const BLOCK_DRIVERS = 10;
export const BLOCK_VALE_PED = 4;
const LEFT_MM = 110;
const RIGHT_MM = 90;
const DRIVER_NAME_MM = 62;

function caption(text: string, widthMm: number): string {
  return `<div class="c l" style="width:${widthMm}mm;height:${HEAD_MM}mm;font-weight:bold">${esc(text)}</div>`;
}

function tableRow(cells: [string, number][], mm: number, cls: string): string {
  return `<div class="r">${cells.map(([v, w]) => `<div class="c ${cls}" style="width:${w}mm;height:${mm}mm">${v}</div>`).join('')}</div>`;
}

function filler(widthMm: number, mm: number): string {
  return mm > 0.01 ? `<div class="c" style="width:${widthMm}mm;height:${mm}mm"></div>` : '';
}

/** Unit of `tot/qCarga`: 01 kg, 02 t [XSD mdfeTiposBasico tot/cUnid]. */
function weightLabel(cUnid: string): string {
  return cUnid === '02' ? 'Peso total (t)' : 'Peso total (kg)';
}

interface ModalBlock {
  html: string;
  mm: number;
}

/** The standard road-modal block [Anexo II p.126]; other modals get the quantities row only. */
export function modalBlock(view: MdfeView): ModalBlock {
  const t = view.tot;
  const modalName = MODAL[view.ide.modal] ?? view.ide.modal;
  const totals = `<div class="r">${[
    ['Qtd. CT-e', t.qCTe, 35],
    ['Qtd. NF-e', t.qNFe, 35],
    [weightLabel(t.cUnid), qty(t.qCarga), 50],
    ['Valor total da carga', money(t.vCarga), 80],
  ]
    .map(
      ([l, v, w]) =>
        `<div class="c" style="width:${w}mm;height:9mm"><div class="l">${esc(String(l))}</div><div class="v">${esc(String(v))}</div></div>`,
    )
    .join('')}</div>`;
  const title = `<div class="r"><div class="c st" style="width:100%">${esc(`Modal ${modalName} de Carga`)}</div></div>`;
  const rodo = view.rodo;
  if (rodo === undefined)
    return { html: `<div class="t gap">${title}${totals}</div>`, mm: 1 + 0.2 + 3.5 + 9 };

  const vehicles = [rodo.tracao, ...rodo.reboques];
  let left =
    caption('Veículo', LEFT_MM) +
    tableRow(
      [
        ['Placa', 55],
        ['RNTRC', 55],
      ],
      HEAD_MM,
      'l',
    );
  let leftMm = 2 * HEAD_MM;
  for (const v of vehicles) {
    left += tableRow(
      [
        [esc(v.placa), 55],
        [esc(v.prop?.RNTRC || rodo.RNTRC), 55],
      ],
      CELL_ROW_MM,
      'vt',
    );
    leftMm += CELL_ROW_MM;
  }
  const vales = rodo.valePed.slice(0, BLOCK_VALE_PED);
  left +=
    caption('Vale Pedágio', LEFT_MM) +
    tableRow(
      [
        ['Responsável CNPJ/CPF', 37],
        ['Fornecedora CNPJ', 37],
        ['Nº comprovante', 36],
      ],
      HEAD_MM,
      'l',
    );
  leftMm += 2 * HEAD_MM;
  for (const vp of vales.length > 0 ? vales : [undefined]) {
    left += tableRow(
      [
        [esc(cpfCnpj(vp?.docPg ?? '')), 37],
        [esc(cpfCnpj(vp?.CNPJForn ?? '')), 37],
        [esc(vp?.nCompra ?? ''), 36],
      ],
      CELL_ROW_MM,
      'vt',
    );
    leftMm += CELL_ROW_MM;
  }

  let right =
    caption('Condutor', RIGHT_MM) +
    tableRow(
      [
        ['CPF', 28],
        ['Nome', DRIVER_NAME_MM],
      ],
      HEAD_MM,
      'l',
    );
  let rightMm = 2 * HEAD_MM;
  for (const d of view.condutores.slice(0, BLOCK_DRIVERS)) {
    const name = d.porEvento === true ? `${d.xNome} (incluído por evento)` : d.xNome;
    const lines = wrapLines(name, DRIVER_NAME_MM - 1.8, 6.5);
    const mm = Math.max(1, lines.length) * LINE_MM + 1;
    right += tableRow(
      [
        [esc(cpfCnpj(d.doc)), 28],
        [lines.map((l) => `<div>${esc(l)}</div>`).join(''), DRIVER_NAME_MM],
      ],
      mm,
      'vt',
    );
    rightMm += mm;
  }
  const mm = Math.max(leftMm, rightMm, 2 * HEAD_MM + CELL_ROW_MM);
  const body = `<div class="r"><div class="col">${left}${filler(LEFT_MM, mm - leftMm)}</div><div class="col">${right}${filler(RIGHT_MM, mm - rightMm)}</div></div>`;
  return { html: `<div class="t gap">${title}${totals}${body}</div>`, mm: 1 + 0.2 + 3.5 + 9 + mm };
}

/** Observação: infCpl and infAdFisco [Anexo II p.126], at least `minLines` lines on the first sheet. */
export function observacaoSection(view: MdfeView, minLines: number): FlowSection {
  const text = join(
    [view.infCpl, view.infAdFisco ? `Informações adicionais de interesse do Fisco: ${view.infAdFisco}` : ''],
    '\n',
  );
  const rows = textRows(text);
  while (rows.length < minLines) rows.push(row(ROW_MM, [[200, '']]));
  return { title: 'Observação', rows };
}

function vehicleText(v: MdfeVehicle): string {
  const prop = v.prop;
  return join([
    v.placa ? `Placa ${v.placa}${v.UF ? `/${v.UF}` : ''}` : '',
    v.RENAVAM ? `RENAVAM ${v.RENAVAM}` : '',
    v.cInt ? `Cód. interno ${v.cInt}` : '',
    v.tara ? `Tara ${qty(v.tara)} kg` : '',
    v.capKG ? `Capacidade ${qty(v.capKG)} kg` : '',
    v.capM3 ? `${qty(v.capM3)} m³` : '',
    v.tpRod ? `Rodado ${coded(TP_ROD, v.tpRod)}` : '',
    v.tpCar ? `Carroceria ${coded(TP_CAR, v.tpCar)}` : '',
    prop
      ? `Proprietário: ${join([prop.xNome, cpfCnpj(prop.doc), prop.RNTRC ? `RNTRC ${prop.RNTRC}` : '', prop.IE ? `IE ${prop.IE}` : '', prop.UF, coded(TP_PROP, prop.tpProp)])}`
      : '',
  ]);
}

/** The rest of the MDF-e a checkpoint may ask about, item by item (below the standard layout, §9 p.86). */
export function transporteSection(view: MdfeView): FlowSection {
  const i = view.ide;
  const rows: FlowRow[] = [];
  const add = (label: string, value: string) => {
    if (value.trim() !== '') rows.push(...labelledRows(label, value));
  };
  add('Tipo de emitente', coded(TP_EMIT, i.tpEmit));
  add('Tipo de transportador', coded(TP_TRANSP, i.tpTransp));
  add(
    'Municípios de carregamento',
    i.carregamento.map((m) => join([m.xMun, m.cMun ? `(${m.cMun})` : ''], ' ')).join('; '),
  );
  add('Percurso', [i.UFIni, ...i.percurso, i.UFFim].filter(Boolean).join(' → '));
  add('Início da viagem', xmlDateTime(i.dhIniViagem));
  if (i.indCarregaPosterior === '1') add('Carregamento posterior', 'Sim (inclusão de DF-e após a emissão)');
  const rodo = view.rodo;
  if (rodo !== undefined) {
    add('Veículo de tração', vehicleText(rodo.tracao));
    rodo.reboques.forEach((r, n) => {
      add(`Reboque ${n + 1}`, vehicleText(r));
    });
    view.condutores.slice(BLOCK_DRIVERS).forEach((d) => {
      add('Condutor', join([cpfCnpj(d.doc), d.xNome, d.porEvento === true ? '(incluído por evento)' : '']));
    });
    for (const c of rodo.ciot) add('CIOT', join([c.CIOT, cpfCnpj(c.doc)]));
    rodo.valePed.forEach((vp) => {
      add(
        'Vale-pedágio',
        join([
          // nCompra carries the IDVPO since NT 2025.001.
          vp.nCompra ? `IDVPO ${vp.nCompra}` : '',
          vp.vValePed ? `Valor ${money(vp.vValePed)}` : '',
          vp.tpValePed ? `Tipo ${coded(TP_VALE_PED as Record<string, string>, vp.tpValePed)}` : '',
          vp.CNPJForn ? `Fornecedora ${cpfCnpj(vp.CNPJForn)}` : '',
          vp.docPg ? `Responsável ${cpfCnpj(vp.docPg)}` : '',
        ]),
      );
    });
    add('Categoria de combinação veicular', rodo.categCombVeic);
    for (const c of rodo.contratantes)
      add(
        'Contratante',
        join([
          c.xNome,
          cpfCnpj(c.doc),
          c.NroContrato ? `Contrato ${c.NroContrato}` : '',
          c.vContratoGlobal ? `Valor global ${money(c.vContratoGlobal)}` : '',
        ]),
      );
    for (const p of rodo.pagamentos)
      add(
        'Pagamento do frete',
        join([
          p.xNome,
          cpfCnpj(p.doc),
          p.vContrato ? `Valor do contrato ${money(p.vContrato)}` : '',
          p.indPag === '0' ? 'À vista' : p.indPag === '1' ? 'A prazo' : '',
          p.vAdiant ? `Adiantamento ${money(p.vAdiant)}` : '',
          p.comps.length > 0
            ? `Componentes: ${p.comps.map((c) => join([coded(TP_COMP, c.tpComp), money(c.vComp), c.xComp], ' ')).join('; ')}`
            : '',
          p.prazos.length > 0
            ? `Parcelas: ${p.prazos.map((q) => join([q.nParcela, `venc. ${xmlDateTime(q.dVenc)}`, money(q.vParcela)], ' ')).join('; ')}`
            : '',
          p.banco ? `Banco/agência: ${p.banco}` : '',
        ]),
      );
    add('Código de agendamento no porto', rodo.codAgPorto);
    add('Lacres do veículo', rodo.lacres.join(', '));
  }
  for (const s of view.seguros)
    add(
      'Seguro da carga',
      join([
        s.respSeg ? `Responsável: ${join([RESP_SEG[s.respSeg] ?? s.respSeg, cpfCnpj(s.respDoc)], ' ')}` : '',
        s.xSeg ? `Seguradora: ${join([s.xSeg, cpfCnpj(s.CNPJ)], ' ')}` : '',
        s.nApol ? `Apólice ${s.nApol}` : '',
        s.nAver.length > 0 ? `Averbação ${s.nAver.join(', ')}` : '',
      ]),
    );
  const p = view.prodPred;
  if (p !== undefined)
    add(
      'Produto predominante',
      join([
        coded(TP_CARGA, p.tpCarga),
        p.xProd,
        p.cEAN ? `GTIN ${p.cEAN}` : '',
        p.NCM ? `NCM ${p.NCM}` : '',
      ]),
    );
  add('Qtd. MDF-e', view.tot.qMDFe);
  add('Lacres', view.lacres.join(', '));
  return { title: 'Informações do transporte', rows };
}

const KEY_CELL_MM = 100;

const TP_UNID_TRANSP: Record<string, string> = {
  '1': 'Rodoviário tração',
  '2': 'Rodoviário reboque',
  '3': 'Navio',
  '4': 'Balsa',
  '5': 'Aeronave',
  '6': 'Vagão',
  '7': 'Outros',
};
const TP_UNID_CARGA: Record<string, string> = { '1': 'Container', '2': 'ULD', '3': 'Pallet', '4': 'Outros' };

const tagOf = (d: MdfeDoc) => (d.porEvento === true ? `${d.tipo} (incl.)` : d.tipo);
const idOf = (d: MdfeDoc) => (d.chave !== '' ? chave(d.chave) : (d.descricao ?? ''));

function keyCell(d: MdfeDoc): string {
  return `<div class="k"><b>${esc(tagOf(d))}</b>${esc(idOf(d))}</div>`;
}

function hasDetails(d: MdfeDoc): boolean {
  return (
    d.unidades !== undefined ||
    d.perigosos !== undefined ||
    d.entregaParcial !== undefined ||
    d.reentrega === true
  );
}

const lacres = (list: string[]) => (list.length > 0 ? ` (lacres ${list.join(', ')})` : '');

/** Transport and cargo units, dangerous goods and partial delivery of one document, as one text. */
function docDetailsText(d: MdfeDoc): string {
  const parts: string[] = [];
  for (const u of d.unidades ?? []) {
    parts.push(
      `Unidade de transporte: ${join([TP_UNID_TRANSP[u.tpUnidTransp] ?? u.tpUnidTransp, u.idUnidTransp], ' ')}${lacres(u.lacres)}`,
    );
    for (const c of u.cargas)
      parts.push(
        `Unidade de carga: ${join([TP_UNID_CARGA[c.tpUnidCarga] ?? c.tpUnidCarga, c.idUnidCarga], ' ')}${lacres(c.lacres)}`,
      );
  }
  for (const p of d.perigosos ?? [])
    parts.push(
      `Produto perigoso: ${join([
        `ONU ${p.nONU}`,
        p.xNomeAE,
        p.xClaRisco ? `classe/risco ${p.xClaRisco}` : '',
        p.grEmb ? `grupo de embalagem ${p.grEmb}` : '',
        p.qTotProd ? `quantidade ${p.qTotProd}` : '',
        p.qVolTipo ? `volumes ${p.qVolTipo}` : '',
      ])}`,
    );
  if (d.entregaParcial !== undefined)
    parts.push(`Entrega parcial: ${qty(d.entregaParcial.qtdParcial)} de ${qty(d.entregaParcial.qtdTotal)}`);
  if (d.reentrega === true) parts.push('Reentrega');
  return parts.join('; ');
}

/**
 * Every bundled document, by unloading municipality, two keys a row. In contingency this is the
 * "Informações da Composição da Carga" the MOC requires [§10 p.87; Anexo II p.125].
 */
export function documentosSection(view: MdfeView): FlowSection {
  const rows: FlowRow[] = [];
  for (const group of view.descargas) {
    const n = group.docs.length;
    const header = join([
      `Descarregamento: ${group.xMun}`,
      group.cMun ? `IBGE ${group.cMun}` : '',
      `${n} ${n === 1 ? 'documento' : 'documentos'}`,
    ]);
    for (const line of wrapLines(header, 197.8, LINE_PT))
      rows.push(row(ROW_MM, [[200, `<div class="ln lb">${esc(line)}</div>`]]));
    // A document with units, dangerous goods or a partial delivery takes a row of its own, its
    // details beside the key; the others go two a row.
    for (const d of group.docs.filter(hasDetails)) {
      const lines = wrapLines(docDetailsText(d), KEY_CELL_MM - 1.8, LINE_PT);
      lines.forEach((line, i) => {
        const open = i === lines.length - 1 ? '' : ' open';
        rows.push(
          row(ROW_MM, [
            [KEY_CELL_MM, i === 0 ? keyCell(d) : '', open],
            [KEY_CELL_MM, `<div class="ln">${esc(line)}</div>`, open],
          ]),
        );
      });
    }
    const plain = group.docs.filter((d) => !hasDetails(d));
    // Compact markup (classes instead of inline sizes): a trip may list thousands of keys, and the
    // printout's size counts when it is printed or joined into a batch.
    for (let at = 0; at < plain.length; at += 2) {
      const cells = plain
        .slice(at, at + 2)
        .map((d) => `<div class="c fl dk"><b>${esc(tagOf(d))}</b>${esc(idOf(d))}</div>`);
      if (cells.length === 1) cells.push('<div class="c fl dk"></div>');
      rows.push({ mm: ROW_MM, html: `<div class="r dr">${cells.join('')}</div>` });
    }
  }
  const contingency = view.ide.tpEmis === '2';
  return {
    title: contingency
      ? 'Informações da composição da carga – documentos fiscais vinculados ao manifesto'
      : 'Documentos fiscais vinculados ao manifesto',
    rows,
  };
}
