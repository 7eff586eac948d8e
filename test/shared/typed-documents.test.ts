// Issued documents cross the contract typed by the API client's own schemas (electron/shared/
// schemas/dfe.ts, written from the API description's Dfe, DfeEvento and DfeCartaCorrecao): an
// answer the API could not have given (a document without id or status, an event whose status is
// not one of the description's) is refused at the edge instead of reaching a screen.
import { describe, expect, it } from 'vitest';

import { commands } from '../../electron/shared/contract';

const authorized = {
  id: 'cte_1',
  status: 'autorizado',
  ambiente: 'homologacao',
  numero: 12,
  serie: 1,
  chave: '3'.repeat(44),
  autorizacao: { status: 'registrado', numero_protocolo: '135260000000012', codigo_status: 100 },
  // Fields the description does not list are kept.
  tipo_emissao: 1,
  cpf_cnpj: '12345678000195',
};
const outcome = {
  outboxId: 1,
  referencia: 'r1',
  kind: 'cte',
  serie: 1,
  numero: 12,
  status: 'autorizado',
  cacheId: 3,
  rejection: null,
  warnings: [],
};

describe('documents across the contract', () => {
  it('cte:issue and dce:issue carry a Dfe: its fields typed, unknown ones kept', () => {
    for (const channel of ['cte:issue', 'dce:issue', 'outbox:resolve'] as const) {
      const value =
        channel === 'outbox:resolve'
          ? { items: [{ ...outcome, document: authorized }] }
          : { ...outcome, document: authorized };
      const parsed = commands[channel].output.parse(value);
      const doc = 'items' in parsed ? parsed.items[0]!.document : parsed.document;
      expect(doc?.autorizacao?.numero_protocolo).toBe('135260000000012');
      expect(doc?.cpf_cnpj).toBe('12345678000195');
    }
  });

  it('refuses a document without status, or with a status the API never gives', () => {
    const issue = commands['cte:issue'].output;
    expect(issue.safeParse({ ...outcome, document: { id: 'cte_1' } }).success).toBe(false);
    expect(issue.safeParse({ ...outcome, document: { id: 'cte_1', status: 'aprovado' } }).success).toBe(
      false,
    );
    expect(issue.safeParse({ ...outcome, document: null }).success).toBe(true);
    const dce = commands['dce:get'].output;
    const state = { cacheId: 1, cancellable: true, hoursLeft: 20, reason: null };
    expect(dce.safeParse({ ...state, document: authorized }).success).toBe(true);
    expect(dce.safeParse({ ...state, document: { status: 'autorizado' } }).success).toBe(false);
  });

  it('events: the cancellation is a DfeEvento, a correction letter carries its corrections', () => {
    const cancel = commands['dce:cancel'].output;
    expect(cancel.safeParse({ event: { id: 'ev1', status: 'registrado' }, hoursLeft: 3 }).success).toBe(true);
    expect(cancel.safeParse({ event: { id: 'ev1', status: 'ok' }, hoursLeft: 3 }).success).toBe(false);
    const correct = commands['cte:correct'].output;
    const letter = {
      id: 'ev2',
      status: 'registrado',
      numero_sequencial: 1,
      correcoes: [{ grupo_alterado: 'ide', campo_alterado: 'natOp', valor_alterado: 'Frete' }],
    };
    const detail = { document: authorized, cacheId: 3, events: [] };
    const parsed = correct.parse({ event: letter, history: [letter], detail });
    expect(parsed.history[0]?.correcoes?.[0]?.campo_alterado).toBe('natOp');
    const broken = { ...letter, correcoes: [{ grupo_alterado: 'ide' }] };
    expect(correct.safeParse({ event: broken, history: [], detail }).success).toBe(false);
  });

  it('parties: the NF-e prefill and the address book fill forms from typed records', () => {
    const party = {
      cpfCnpj: '12345678000195',
      xNome: 'Loja',
      endereco: { xLgr: 'Rua A', nro: '1', xBairro: 'Centro', cMun: '3550308', xMun: 'São Paulo', uf: 'SP' },
    };
    const prefill = commands['cte:prefillFromNfe'].output;
    const answer = {
      remetente: party,
      destinatario: null,
      carga: { vCarga: 1, pesoBruto: 1, pesoLiquido: 1, volumes: 1 },
      chaves: [],
      problems: [],
      warnings: [],
    };
    expect(prefill.safeParse(answer).success).toBe(true);
    expect(prefill.safeParse({ ...answer, remetente: { ...party, endereco: undefined } }).success).toBe(
      false,
    );
    const book = commands['addressBook:search'].output;
    const entry = {
      cpfCnpj: party.cpfCnpj,
      nome: 'Loja',
      inscricaoEstadual: null,
      uf: 'SP',
      municipio: null,
      useCount: 1,
    };
    expect(book.safeParse({ entries: [{ ...entry, data: party }] }).success).toBe(true);
    expect(book.safeParse({ entries: [{ ...entry, data: { cpfCnpj: 12345678000195 } }] }).success).toBe(
      false,
    );
  });
});
