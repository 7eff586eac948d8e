// A carrier's road trip SP → PR (or MG) for `company`, with a trailer and one driver: the sandbox
// fixture's MDF-e body as the form will hand it to mdfe:issue (the app fills série, número, dhEmi).
import { CPF_A, mdfeBody } from '../sandbox/mdfe/fixtures';

export function mdfeTrip(company: string, placa: string, ufFim: 'PR' | 'MG' = 'PR'): Record<string, unknown> {
  const body = mdfeBody({ placa, UFFim: ufFim });
  const inf = body.infMDFe as unknown as {
    emit: { CNPJ: string };
    seg: { infResp: { CNPJ: string } }[];
    infModal: { rodo: { veicReboque?: unknown; veicTracao: { condutor: unknown } } };
    ide: { dhEmi?: string };
  };
  inf.emit.CNPJ = company;
  inf.seg[0]!.infResp.CNPJ = company;
  inf.infModal.rodo.veicReboque = [{ placa: 'REB1A23', tara: 6000, capKG: 30000, tpCar: '02', UF: 'SP' }];
  inf.infModal.rodo.veicTracao.condutor = [{ xNome: 'JOSE DA SILVA', CPF: CPF_A }];
  delete inf.ide.dhEmi;
  return inf as unknown as Record<string, unknown>;
}
