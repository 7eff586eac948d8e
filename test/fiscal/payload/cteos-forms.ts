// CT-e OS fixtures beyond forms.ts's basic one: a BP-e key, and full forms for each service type
// (percurso, seguro, fretamento eventual/contínuo, vehicle owner, federal taxes, referenced documents).
import { accessKeyCheckDigit } from '../../../electron/fiscal/access-key';
import type { CteOsFormInput } from '../../../electron/shared/schemas/cteos-form';
import { cteOsForm } from './forms';

/** A BP-e (model 63) key of the fixture's company, with its check digit. */
export function bpeKey(numero: number): string {
  const first43 = `412611${'11222333000181'}63001${String(numero).padStart(9, '0')}1${'12345678'}`;
  return first43 + String(accessKeyCheckDigit(first43));
}

/** A date-time this many days ahead, in Brasília time (trips must be after the emission). */
export function daysAhead(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000 - 3 * 3_600_000);
  return `${d.toISOString().slice(0, 16)}-03:00`;
}

/** Passengers from Curitiba to Rio de Janeiro through SP: interstate (TAF), owner of the bus, fretamento. */
export function fullPassengers(tpFretamento: 1 | 2 = 1): CteOsFormInput {
  const f = cteOsForm();
  return cteOsForm({
    geral: {
      ...f.geral,
      cfop: '6357',
      fim: { cMun: '3304557', xMun: 'Rio de Janeiro', uf: 'RJ' },
      percurso: ['SP'],
    },
    impostos: {
      icms: { situacao: '00', pICMS: 12 },
      tributosFederais: { vPIS: 5.2, vCOFINS: 24, vIR: 12, vINSS: 88, vCSLL: 8 },
      vTotTrib: 150,
      infAdFisco: 'Fretamento conforme contrato 77/2026',
    },
    valores: {
      componentes: [
        { xNome: 'FRETAMENTO', vComp: 700 },
        { xNome: 'PEDAGIO', vComp: 100 },
      ],
      vTPrest: 800,
      vRec: 800,
    },
    seguro: [
      { respSeg: 4, xSeg: 'Seguradora X', nApol: 'AP123' },
      { respSeg: 5, xSeg: 'Seguradora Y' },
    ],
    rodoviario: {
      taf: '123456789012',
      placa: 'ABC1D23',
      renavam: '12345678901',
      ufVeiculo: 'PR',
      prop: { cpfCnpj: '12345678909', xNome: 'João Agregado', taf: '210987654321', tpProp: 0 },
      fretamento: tpFretamento === 1 ? { tpFretamento: 1, dhViagem: daysAhead(3) } : { tpFretamento: 2 },
    },
    observacoes: { xObs: 'Saída às 7h da rodoviária', obsCont: [{ xCampo: 'Contrato', xTexto: '77/2026' }] },
  });
}

/** Excess baggage: no tomador, a BP-e and another document referenced. */
export function fullBaggage(): CteOsFormInput {
  const f = cteOsForm();
  return cteOsForm({
    geral: { ...f.geral, tpServ: 8, natOp: 'Excesso de bagagem' },
    tomador: undefined,
    impostos: { icms: { situacao: 'SN' } },
    servico: { xDescServ: 'Excesso de bagagem', qCarga: 2 },
    documentos: [{ chBPe: bpeKey(7) }, { nDoc: '88', serie: '1', dEmi: '2026-11-20', vDoc: 35.5 }],
    seguro: [],
    rodoviario: { nroRegEstadual: '1234567890123456789012345' },
  });
}

/** Valuables: tomador, no modal group. */
export function fullValuables(): CteOsFormInput {
  const f = cteOsForm();
  return cteOsForm({
    geral: { ...f.geral, tpServ: 7, natOp: 'Transporte de valores' },
    impostos: { icms: { situacao: '45', cst: '41' } },
    servico: { xDescServ: 'Transporte de malotes', qCarga: 3 },
    seguro: [{ respSeg: 4, xSeg: 'Seguradora X', nApol: 'AP123' }],
    rodoviario: {},
  });
}
