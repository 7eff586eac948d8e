// MDF-e answers for the renderer tests, shaped as mdfe:get / the event commands give them (the
// fake transport parses each against the contract's schema, so a wrong shape fails the test).
import type { MdfeDetail } from '../../../electron/shared/schemas/mdfe';

export const MDFE_CHAVE = '35261145723174000110580010000000071000000070';
export const MDFE_COMPANY = '45723174000110';

export function mdfeDetailFixture(
  patch: {
    status?: string;
    msLeft?: number | null;
    cancellable?: boolean;
    reason?: string | null;
    events?: MdfeDetail['events'];
  } = {},
): MdfeDetail {
  const status = patch.status ?? 'autorizado';
  return {
    mdfe: {
      cacheId: 7,
      apiId: 'mdfe_7',
      company: MDFE_COMPANY,
      chave: MDFE_CHAVE,
      serie: 1,
      numero: 7,
      status,
      emitidoEm: '2026-11-25T08:00:00-03:00',
      autorizadoEm: '2026-11-25T08:00:04-03:00',
      encerradoEm: status === 'encerrado' ? '2026-11-26' : null,
      placa: 'TRK1A23',
      reboques: ['REB1A23'],
      ufInicio: 'SP',
      ufFim: 'PR',
      percurso: [],
      municipiosDescarga: 'Londrina, Curitiba',
      condutores: 'JOSE DA SILVA',
      qtdCte: 2,
      qtdNfe: null,
      valorCarga: 15000.5,
      xmlCached: true,
      diasEmAberto: status === 'autorizado' ? 1 : null,
    },
    events: patch.events ?? [],
    viagem: {
      protocolo: '941260000000007',
      tpEmit: '1',
      indCarregaPosterior: false,
      carregamento: [{ codigo: '3550308', nome: 'São Paulo' }],
      descargas: [
        { codigo: '4113700', nome: 'Londrina', documentos: [{ tipo: 'CT-e', chave: '3'.repeat(44) }] },
        { codigo: '4106902', nome: 'Curitiba', documentos: [{ tipo: 'CT-e', chave: '4'.repeat(44) }] },
      ],
      condutores: [{ nome: 'JOSE DA SILVA', cpf: '52998224725', incluido: false }],
      veiculo: { placa: 'TRK1A23', uf: 'SP', reboques: ['REB1A23'] },
    },
    cancel: {
      cancellable: patch.cancellable ?? status === 'autorizado',
      msLeft: patch.msLeft === undefined ? 5 * 3_600_000 + 20 * 60_000 : patch.msLeft,
      reason: patch.reason ?? null,
    },
  };
}

export const closingEvent: MdfeDetail['events'][number] = {
  id: 31,
  type: 'encerramento',
  sequence: 1,
  status: 'registrado',
  protocolo: '941260000000031',
  dataEvento: '2026-11-26T09:00:00-03:00',
  xmlCached: true,
  descricao: 'em Curitiba/PR com data de 26/11/2026',
  motivo: '135 Evento registrado e vinculado a MDF-e',
};

export const driverEvent: MdfeDetail['events'][number] = {
  id: 30,
  type: 'inclusao_condutor',
  sequence: 1,
  status: 'registrado',
  protocolo: '941260000000030',
  dataEvento: '2026-11-25T14:00:00-03:00',
  xmlCached: true,
  descricao: 'MARIA SOUZA (CPF 111.444.777-35)',
  motivo: '135 Evento registrado e vinculado a MDF-e',
};
