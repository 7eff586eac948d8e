// CT-e Simplificado form fixtures (as the renderer sends them): two deliveries from Curitiba/PR to
// São Paulo and Campinas/SP, three NF-e keys.
import type { CteSimpFormInput } from '../../../electron/shared/schemas/cte-simp-form';
import { nfeKey } from './forms';

const curitiba = { cMun: '4106902', xMun: 'Curitiba', uf: 'PR' };
export const saoPaulo = { cMun: '3550308', xMun: 'São Paulo', uf: 'SP' };
export const campinas = { cMun: '3509502', xMun: 'Campinas', uf: 'SP' };

export function cteSimpForm(over: Partial<CteSimpFormInput> = {}): CteSimpFormInput {
  return {
    geral: {
      cfop: '6353',
      natOp: 'Prestação de serviço de transporte',
      tpServ: 0,
      toma: 0,
      ufIni: 'PR',
      ufFim: 'SP',
      retira: false,
    },
    tomador: {
      cpfCnpj: '04.252.011/0001-10',
      ie: '1234567850',
      xNome: 'Indústria Remetente Ltda',
      endereco: { xLgr: 'Rua das Flores', nro: '100', xBairro: 'Centro', ...curitiba, cep: '80010-000' },
    },
    entregas: [
      {
        origem: curitiba,
        destino: saoPaulo,
        vPrest: 700,
        vRec: 700,
        componentes: [
          { xNome: 'Frete peso', vComp: 600 },
          { xNome: 'Pedágio', vComp: 100 },
        ],
        nfe: [{ chave: nfeKey(801) }, { chave: nfeKey(802), dPrev: '2026-11-25' }],
      },
      {
        origem: curitiba,
        destino: campinas,
        vPrest: 450.5,
        vRec: 400,
        componentes: [],
        nfe: [{ chave: nfeKey(803) }],
      },
    ],
    impostos: { icms: { situacao: '00', pICMS: 12 } },
    carga: {
      vCarga: 32000,
      proPred: 'Peças automotivas',
      quantidades: [
        { cUnid: '01', tpMed: '02', qCarga: 850.25 },
        { cUnid: '03', tpMed: '07', qCarga: 14 },
      ],
    },
    rodoviario: { rntrc: '12345678' },
    observacoes: { xObs: 'Entregas no horário comercial', obsCont: [] },
    ...over,
  };
}
