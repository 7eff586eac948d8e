// The MDF-e form and the averbação: a new trip starts from the company's last MDF-e (RNTRC, insurer,
// policy, responsible, truck and drivers — issue #26) and its insurance block fills itself with the
// averbação numbers of its CT-e; a CT-e not averbado is named ("averbe antes de emitir o MDF-e") with
// "Averbar agora"; 99999 is offered only while the averbadora cannot answer, with the reason saved;
// numbers the clerk typed are never replaced; each MDF-e of the trip carries its own CT-e's numbers.
import { afterEach, describe, expect, it } from 'vitest';

import { buildMdfePayloads } from '../../electron/fiscal/payload/mdfe';
import type { AverbacaoTrip } from '../../electron/shared/schemas/averbacao';
import { mdfeFormSchema } from '../../electron/shared/schemas/mdfe-form';
import { setTransport } from '../../renderer/src/bridge';
import { useAppStore } from '../../renderer/src/stores/app';
import { useMdfeFormStore } from '../../renderer/src/stores/mdfe-form';
import EmitirMdfeView from '../../renderer/src/views/emitir-mdfe/EmitirMdfeView.vue';
import {
  contratantesFromDocs,
  emptySeguro,
  pagamentoFromDocs,
  toMdfeInput,
} from '../../renderer/src/views/emitir-mdfe/mdfe-model';
import { fillAverbacoes, fillSeguro } from '../../renderer/src/views/emitir-mdfe/seguro-fill';
import { cteDoc, cteKeyFrom, MUN } from '../fiscal/payload/mdfe-forms';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle } from './support/mount';

const company = '45723174000110';
const N1 = '0123426111122233300018157001000000001001';
const N2 = '0123426111122233300018157001000000002001';
const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

const seguro = {
  responsavel: 1 as const,
  cpfCnpjResponsavel: '',
  seguradora: 'SEGURADORA DEMONSTRACAO SA',
  cnpjSeguradora: '31487265000190',
  apolice: '0458712309',
};

function trip(
  keys: string[],
  over: Partial<AverbacaoTrip> = {},
  numeros: string[][] = [[N1], [N2]],
): AverbacaoTrip {
  return {
    documentos: keys.map((chave, i) => ({
      chave,
      serie: 1,
      numero: i + 1,
      estado: 'averbado',
      numeros: numeros[i] ?? [],
      motivo: null,
    })),
    faltando: [],
    seguro: { ...seguro, averbacoes: numeros.flat() },
    contingencia: { permitida: false, motivo: null },
    ...over,
  };
}

describe('seguro-fill', () => {
  it('fills only empty fields, and the responsible only on an untouched block', () => {
    const s = emptySeguro();
    fillSeguro(s, { ...seguro, responsavel: 2, cpfCnpjResponsavel: '12345678000195' });
    expect(s).toMatchObject({
      responsavel: 2,
      cpfCnpjResponsavel: '12345678000195',
      seguradora: seguro.seguradora,
    });
    const typed = { ...emptySeguro(), seguradora: 'OUTRA SEGURADORA' };
    fillSeguro(typed, seguro);
    expect(typed).toMatchObject({ seguradora: 'OUTRA SEGURADORA', apolice: '0458712309', responsavel: 1 });
  });

  it('replaces the placeholder and its own numbers, never numbers the clerk typed', () => {
    const s = emptySeguro();
    const auto = fillAverbacoes(s, [N1], []);
    expect(s.averbacoes).toEqual([N1]);
    expect(fillAverbacoes(s, [N1, N2], auto)).toEqual([N1, N2]);
    expect(s.averbacoes).toEqual([N1, N2]);
    s.averbacoes.push('123-DIGITADO');
    fillAverbacoes(s, [N2], [N1, N2]);
    expect(s.averbacoes).toEqual([N1, N2, '123-DIGITADO']);
  });
});

describe('each MDF-e of a trip carries the averbação numbers of its own CT-e', () => {
  it('splitting by unloading UF splits the numbers; typed ones go in both', () => {
    const form = mdfeFormSchema.parse(toMdfeInput(twoUfTrip()));
    const [sp, pr] = buildMdfePayloads(form, {
      cpf_cnpj: company,
      inscricao_estadual: '110042490114',
      nome_razao_social: 'TRANSPORTES',
      nome_fantasia: null,
      fone: null,
      endereco: {
        logradouro: 'R',
        numero: '1',
        complemento: null,
        bairro: 'B',
        codigo_municipio: '3550308',
        cidade: 'São Paulo',
        uf: 'SP',
        cep: '01001000',
      },
    });
    const naver = (m: typeof sp) => (m!.infMDFe.seg as { nAver: string[] }[])[0]!.nAver;
    expect(naver(sp)).toEqual([N1, '999']);
    expect(naver(pr)).toEqual([N2, '999']);
  });
});

/** A two-UF trip whose CT-e have their numbers, plus one typed by hand. */
function twoUfTrip() {
  const doc1 = { ...cteDoc(1, MUN.saoPaulo, MUN.campinas), averbacoes: [N1] };
  const doc2 = { ...cteDoc(2, MUN.saoPaulo, MUN.curitiba), averbacoes: [N2] };
  const documentos = [doc1, doc2];
  return {
    documentos,
    lotacao: {
      carrega: { modo: 'cep' as const, cep: '', latitude: '', longitude: '' },
      descarga: { modo: 'cep' as const, cep: '', latitude: '', longitude: '' },
    },
    tpTransp: '',
    carregaPosterior: false,
    rotas: [],
    dhIniViagem: '',
    // Each MDF-e of the split carries one CT-e: a carga lotação, with NCM, payment and contratante
    // (NT 2025.001 301/302, G085 578), as the form pre-fills them.
    produto: { tpCarga: '05', xProd: 'MOVEIS', ncm: '94036000' },
    unidade: '01' as const,
    veiculo: {
      placa: 'ABC1D23',
      tipo: 'tracao' as const,
      renavam: '',
      tara: 8500,
      capKg: null,
      capM3: null,
      tpRod: '03',
      tpCar: '02',
      uf: 'SP',
      terceiro: false,
      proprietario: { cpfCnpj: '', nome: '', rntrc: '', uf: '', tpProp: '2' },
    },
    reboques: [],
    condutores: [{ nome: 'JOSE DA SILVA', cpf: '52998224725' }],
    rntrc: '12345678',
    ciot: [],
    valePedagio: [],
    contratantes: contratantesFromDocs(documentos),
    pagamentos: [
      pagamentoFromDocs(documentos, {
        cpfCnpj: company,
        nome: 'RODOVIA AZUL',
        banco: '',
        agencia: '',
        pix: 'financeiro@rodoviaazul.com.br',
      }),
    ],
    seguros: [{ ...seguro, averbacoes: [N1, N2, '999'] }],
    infCpl: '',
  };
}

describe('Emitir MDF-e: the insurance block and the averbação', () => {
  async function mountForm(tripAnswer: (keys: string[]) => AverbacaoTrip) {
    const transport = createFakeTransport({ settings: settingsWith({ selectedCompany: company }) });
    transport.handlers['drafts:list'] = () => ({ ok: true, data: { drafts: [] } });
    transport.handlers['drafts:save'] = (input) => ({
      ok: true,
      data: {
        id: 5,
        kind: 'mdfe',
        company,
        title: null,
        data: (input as { data: unknown }).data,
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      },
    });
    transport.handlers['vehicles:list'] = () => ({
      ok: true,
      data: {
        items: [
          {
            id: 1,
            placa: 'CRT4E21',
            tipo: 'tracao',
            renavam: null,
            tara: 8900,
            capKg: null,
            capM3: null,
            tpRod: '03',
            tpCar: '00',
            uf: 'SP',
            proprietario: null,
            useCount: 2,
            lastUsedAt: null,
          },
          {
            id: 2,
            placa: 'CRT7B35',
            tipo: 'reboque',
            renavam: null,
            tara: 7400,
            capKg: 32000,
            capM3: 95,
            tpRod: null,
            tpCar: '02',
            uf: 'SP',
            proprietario: null,
            useCount: 2,
            lastUsedAt: null,
          },
        ],
      },
    });
    transport.handlers['drivers:list'] = () => ({ ok: true, data: { items: [] } });
    const keys = [cteKeyFrom('SP', 1), cteKeyFrom('SP', 2)];
    transport.handlers['mdfe:prefill'] = () => ({
      ok: true,
      data: {
        documentos: [cteDoc(1, MUN.saoPaulo, MUN.campinas), cteDoc(2, MUN.saoPaulo, MUN.campinas)],
        rotas: [],
        produto: 'MOVEIS',
        problemas: [],
      },
    });
    transport.handlers['mdfe:defaults'] = () => ({
      ok: true,
      data: {
        rntrc: '44556677',
        veiculo: {
          placa: 'CRT4E21',
          reboques: ['CRT7B35'],
          condutores: [{ nome: 'JOAO PEREIRA DA SILVA', cpf: '38621594773' }],
        },
        seguro: { ...seguro, seguradora: 'SEGURADORA DO ULTIMO MDFE' },
        origem: 'ultimo-mdfe',
      },
    });
    transport.handlers['averbacao:trip'] = () => ({ ok: true, data: tripAnswer(keys) });
    const result = await mountWith(EmitirMdfeView, transport, {
      route: `/emitir-mdfe?chaves=${keys.join(',')}`,
    });
    mounted.push(result.wrapper);
    await useAppStore().updateSettings({ selectedCompany: company });
    await settle();
    await settle();
    return { ...result, transport, keys, store: useMdfeFormStore() };
  }

  it("starts from the last MDF-e (RNTRC, truck, driver, insurance) and the trip's averbação numbers", async () => {
    const { store, transport, keys } = await mountForm((k) => trip(k));
    expect(transport.calls.find((c) => c.channel === 'averbacao:trip')?.input).toEqual({
      company,
      chaves: keys,
    });
    expect(store.data.rntrc).toBe('44556677');
    expect(store.data.veiculo.placa).toBe('CRT4E21');
    expect(store.data.reboques.map((r) => r.placa)).toEqual(['CRT7B35']);
    expect(store.data.condutores).toEqual([{ nome: 'JOAO PEREIRA DA SILVA', cpf: '38621594773' }]);
    // The last MDF-e's insurer stays (typed before), the policy and numbers come in.
    expect(store.data.seguros[0]).toMatchObject({
      seguradora: 'SEGURADORA DO ULTIMO MDFE',
      apolice: '0458712309',
      averbacoes: [N1, N2],
    });
    expect(store.data.documentos.map((d) => d.averbacoes)).toEqual([[N1], [N2]]);
  });

  it('names the CT-e not averbado; "Averbar agora" sends it and fills the number', async () => {
    const { store, wrapper, transport, keys } = await mountForm((k) =>
      trip(
        k,
        {
          faltando: [k[1]!],
          documentos: [
            { chave: k[0]!, serie: 1, numero: 1, estado: 'averbado', numeros: [N1], motivo: null },
            { chave: k[1]!, serie: 1, numero: 2, estado: 'pendente', numeros: [], motivo: null },
          ],
        },
        [[N1], []],
      ),
    );
    transport.handlers['averbacao:sendNow'] = () => ({ ok: true, data: trip(keys) });
    store.goTo(2);
    await settle();
    const warning = wrapper.find('[data-testid="mdfe-averbe-antes"]');
    expect(warning.text()).toContain('Averbe antes de emitir o MDF-e');
    expect(warning.text()).toContain('CT-e 1/2');
    expect(wrapper.find('[data-testid="mdfe-contingencia"]').exists()).toBe(false);
    await wrapper.find('[data-testid="mdfe-averbar-agora"]').trigger('click');
    await settle();
    expect(transport.calls.find((c) => c.channel === 'averbacao:sendNow')?.input).toEqual({
      company,
      chaves: keys,
    });
    expect(store.data.seguros[0]!.averbacoes).toEqual([N1, N2]);
    expect(wrapper.find('[data-testid="mdfe-averbe-antes"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="mdfe-averbados"]').exists()).toBe(true);
  });

  it('offers 99999 only when the averbadora cannot answer, and saves the reason', async () => {
    const failing = (k: string[]) =>
      trip(
        k,
        {
          faltando: k,
          documentos: k.map((chave, i) => ({
            chave,
            serie: 1,
            numero: i + 1,
            estado: 'falha' as const,
            numeros: [],
            motivo: 'Não foi possível falar com a averbadora.',
          })),
          contingencia: { permitida: true, motivo: 'Não foi possível falar com a averbadora.' },
        },
        [[], []],
      );
    const { store, wrapper, transport, keys } = await mountForm(failing);
    transport.handlers['averbacao:contingencia'] = () => ({
      ok: true,
      data: { id: 1, registradoEm: '2026-11-26T10:00:00.000Z' },
    });
    store.goTo(2);
    await settle();
    await wrapper.find('[data-testid="mdfe-contingencia"]').trigger('click');
    await settle();
    await wrapper
      .find('[data-testid="mdfe-contingencia-motivo"]')
      .setValue('Site da averbadora fora do ar desde as 7h');
    await wrapper.find('[data-testid="mdfe-contingencia-ok"]').trigger('click');
    await settle();
    expect(transport.calls.find((c) => c.channel === 'averbacao:contingencia')?.input).toEqual({
      company,
      chaves: keys,
      motivo: 'Site da averbadora fora do ar desde as 7h',
    });
    expect(store.data.seguros[0]!.averbacoes).toEqual(['99999']);
    expect(wrapper.find('[data-testid="mdfe-contingencia-usada"]').text()).toContain(
      'Site da averbadora fora do ar',
    );
  });
});
