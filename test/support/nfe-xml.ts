// A minimal authorized NF-e (nfeProc 4.00) between two parties, as a shipper's system would hand it
// to the carrier: emit, dest, total, transp (modFrete, one vol) and protNFe cStat 100. For the
// pre-fill, the repeat of the last CT-e and the inputs count (not signed: the import does not check
// signatures, the SEFAZ protocol is what it reads).
import { buildNfeKey } from '../../electron/fiscal/access-key';
import { ufBySigla } from '../../electron/fiscal/uf';

export interface NfeParty {
  cpfCnpj: string;
  ie?: string;
  xNome: string;
  endereco: {
    xLgr: string;
    nro: string;
    xBairro: string;
    cMun: string;
    xMun: string;
    uf: string;
    cep?: string;
  };
}

export interface NfeSpec {
  emit: NfeParty;
  dest: NfeParty;
  numero: number;
  vNF: number;
  pesoB: number;
  qVol: number;
  /** NF-e X02 transp/modFrete; default 0 (CIF). */
  modFrete?: string;
  at?: Date;
}

function party(tag: 'emit' | 'dest', p: NfeParty): string {
  const ender = tag === 'emit' ? 'enderEmit' : 'enderDest';
  const id = p.cpfCnpj.length === 11 ? `<CPF>${p.cpfCnpj}</CPF>` : `<CNPJ>${p.cpfCnpj}</CNPJ>`;
  const e = p.endereco;
  return (
    `<${tag}>${id}<xNome>${p.xNome}</xNome><${ender}><xLgr>${e.xLgr}</xLgr><nro>${e.nro}</nro>` +
    `<xBairro>${e.xBairro}</xBairro><cMun>${e.cMun}</cMun><xMun>${e.xMun}</xMun><UF>${e.uf}</UF>` +
    `${e.cep ? `<CEP>${e.cep}</CEP>` : ''}</${ender}>${p.ie ? `<IE>${p.ie}</IE>` : ''}</${tag}>`
  );
}

export function nfeXml(spec: NfeSpec): { chave: string; xml: string } {
  const at = spec.at ?? new Date(Date.now() - 3_600_000);
  const brt = new Date(at.getTime() - 3 * 3_600_000);
  const chave = buildNfeKey({
    cUF: Number(ufBySigla(spec.emit.endereco.uf)!.code),
    year: brt.getUTCFullYear(),
    month: brt.getUTCMonth() + 1,
    cnpj: spec.emit.cpfCnpj,
    serie: 1,
    numero: spec.numero,
    tpEmis: 1,
    codigo: 20_000_000 + spec.numero,
  })!;
  const dhEmi = `${brt.toISOString().slice(0, 19)}-03:00`;
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">` +
    `<NFe><infNFe Id="NFe${chave}" versao="4.00"><ide><mod>55</mod><serie>1</serie><nNF>${spec.numero}</nNF>` +
    `<dhEmi>${dhEmi}</dhEmi><tpNF>1</tpNF><tpAmb>2</tpAmb><natOp>Venda de mercadoria</natOp></ide>` +
    party('emit', spec.emit) +
    party('dest', spec.dest) +
    `<total><ICMSTot><vProd>${spec.vNF.toFixed(2)}</vProd><vFrete>0.00</vFrete><vNF>${spec.vNF.toFixed(2)}</vNF></ICMSTot></total>` +
    `<transp><modFrete>${spec.modFrete ?? '0'}</modFrete><vol><qVol>${spec.qVol}</qVol><esp>CAIXA</esp>` +
    `<pesoL>${spec.pesoB.toFixed(3)}</pesoL><pesoB>${spec.pesoB.toFixed(3)}</pesoB></vol></transp></infNFe></NFe>` +
    `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${chave}</chNFe><dhRecbto>${dhEmi}</dhRecbto>` +
    `<nProt>135260000000001</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe></nfeProc>`;
  return { chave, xml };
}
