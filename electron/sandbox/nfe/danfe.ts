// A plain-text DANFE for `/documentos/{id}/pdf`: the hosted service renders the official layout;
// the sandbox gives a real, readable PDF with the same facts (key, parties, items, totals, transport).
import { brasiliaDayOf } from '../../fiscal/brasilia';
import type { PdfContent } from '../pdf';
import type { NoteRecord } from './stream';

const brl = (v: number) =>
  `R$ ${v
    .toFixed(2)
    .replace('.', ',')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
const groupsOf4 = (key: string) => key.replace(/(.{4})/g, '$1 ').trim();
const brDate = (iso: string) => {
  const day = brasiliaDayOf(new Date(iso));
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
};

export function danfeContent(n: NoteRecord): PdfContent {
  const c = n.content;
  const lines = [
    `NF-e nº ${c.nNF} - Série ${c.serie}    Emissão: ${brDate(c.dhEmi)}${c.tpAmb === 2 ? '    (homologação - sem valor fiscal)' : ''}`,
    `Chave de acesso: ${groupsOf4(n.chave)}`,
    `Protocolo de autorização: ${n.numeroProtocolo}${n.cancelled ? '    NF-e CANCELADA' : ''}`,
    '',
    `Emitente: ${c.emit.xNome} - CNPJ ${c.emit.cnpj} - IE ${c.emit.ie}`,
    `  ${c.emit.xLgr}, ${c.emit.nro} - ${c.emit.xBairro} - ${c.emit.mun.nome}/${c.emit.mun.uf}`,
    `Destinatário: ${c.destName} - CNPJ ${c.dest.cnpj}`,
    `  ${c.dest.xLgr}, ${c.dest.nro} - ${c.dest.xBairro} - ${c.dest.mun.nome}/${c.dest.mun.uf}`,
    '',
    'Produtos:',
    ...c.items.map(
      (i, idx) =>
        `  ${idx + 1}. ${i.xProd} - NCM ${i.ncm} - CFOP ${i.cfop} - ${i.qCom} ${i.unit} x ${brl(i.vUnCom)} = ${brl(i.vProd)}`,
    ),
    '',
    `Base ICMS: ${brl(c.totals.vBC)}   ICMS: ${brl(c.totals.vICMS)}   PIS: ${brl(c.totals.vPIS)}   COFINS: ${brl(c.totals.vCOFINS)}`,
    `Valor total dos produtos: ${brl(c.totals.vProd)}   Valor total da nota: ${brl(c.totals.vNF)}`,
    '',
    `Frete: ${['0 - por conta do emitente (CIF)', '1 - por conta do destinatário (FOB)'][c.modFrete] ?? '9 - sem transporte'}`,
    ...(c.transporta ? [`Transportador: ${c.transporta.xNome} - CNPJ ${c.transporta.cnpj}`] : []),
    ...c.volumes.map(
      (v) =>
        `  Volumes: ${v.qVol} ${v.esp}   Peso líquido: ${v.pesoL.toFixed(3)} kg   Peso bruto: ${v.pesoB.toFixed(3)} kg`,
    ),
    '',
    `Informações complementares: ${c.infCpl}`,
  ];
  return { title: 'DANFE - Documento Auxiliar da Nota Fiscal Eletrônica', lines };
}
