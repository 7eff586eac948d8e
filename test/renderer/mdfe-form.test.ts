// Emitir MDF-e: the draft model (what reaches mdfe-form.ts), the start from a Documentos selection
// (mdfe:prefill), the split notice, offline validation naming the field, the sending of one MDF-e
// per unloading UF, the open-MDF-e warning with "Encerrar o aberto", and the rejection in words.
import { closingEvent, mdfeDetailFixture } from './support/mdfe-fixtures';
import type Select from 'primevue/select';
import { afterEach, describe, expect, it } from 'vitest';

import { setTransport } from '../../renderer/src/bridge';
import { brasiliaDay } from '../../renderer/src/views/documento-mdfe/lifecycle';
import { useAppStore } from '../../renderer/src/stores/app';
import EmitirMdfeView from '../../renderer/src/views/emitir-mdfe/EmitirMdfeView.vue';
import type { MdfeDraftData } from '../../renderer/src/views/emitir-mdfe/mdfe-model';
import {
  contratantesFromDocs,
  emptyMdfeDraft,
  fromSaved,
  manifestCount,
  pagamentoFromDocs,
  prefillAntt,
  prefillLotacao,
  toMdfeInput,
  tripRoutes,
  validateMdfe,
} from '../../renderer/src/views/emitir-mdfe/mdfe-model';
import { useMdfeFormStore } from '../../renderer/src/stores/mdfe-form';
import { cteDoc, cteKeyFrom, MUN, nfeDoc } from '../fiscal/payload/mdfe-forms';
import { createFakeTransport, settingsWith } from './support/fake-transport';
import { mountWith, settle } from './support/mount';

const company = '45723174000110';
const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const w of mounted.splice(0)) w.unmount();
  setTransport(null);
  document.body.innerHTML = '';
});

const dialog = () => document.body.querySelector('[data-testid="confirm-act"]');
const click = (id: string) =>
  document.body.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!.click();

const docsSpPr = () => [cteDoc(1, MUN.saoPaulo, MUN.curitiba), cteDoc(2, MUN.saoPaulo, MUN.londrina)];

function validTrip(): MdfeDraftData {
  const d = emptyMdfeDraft();
  d.documentos = docsSpPr();
  d.produto.xProd = 'MOVEIS';
  Object.assign(d.veiculo, { placa: 'abc1d23', tara: 8500, tpRod: '03', tpCar: '02', uf: 'SP' });
  d.condutores = [{ nome: 'JOSE DA SILVA', cpf: '529.982.247-25' }];
  d.seguros = [
    {
      responsavel: 1,
      cpfCnpjResponsavel: '',
      seguradora: 'SEGURADORA EXEMPLO',
      cnpjSeguradora: '33.000.167/0001-01',
      apolice: '123',
      averbacoes: ['456', ''],
    },
  ];
  // What the ANTT rules ask of a carrier's trip: the contratante (G085) and, for a manifest with a
  // single CT-e, the NCM and the payment (NT 2025.001) — as the form pre-fills them from the CT-e.
  d.produto.ncm = '94036000';
  d.contratantes = contratantesFromDocs(d.documentos);
  d.pagamentos = [pagamentoFromDocs(d.documentos, PAYEE)];
  return d;
}

const PAYEE = {
  cpfCnpj: company,
  nome: 'RODOVIA AZUL',
  banco: '',
  agencia: '',
  pix: 'financeiro@rodoviaazul.com.br',
};

function issued(ufFim: string, numero: number) {
  return {
    status: 'autorizado',
    referencia: `carreta-${numero}`,
    outboxId: numero,
    kind: 'mdfe',
    numero,
    serie: 1,
    cacheId: numero,
    document: { id: `mdfe-${numero}`, status: 'autorizado' },
    rejection: null,
    warnings: [],
    mdfe: {
      cacheId: numero,
      apiId: `mdfe-${numero}`,
      company,
      chave: null,
      serie: 1,
      numero,
      status: 'autorizado',
      emitidoEm: null,
      autorizadoEm: null,
      encerradoEm: null,
      placa: 'ABC1D23',
      reboques: [],
      ufInicio: 'RS',
      ufFim,
      percurso: [],
      municipiosDescarga: null,
      condutores: null,
      qtdCte: 1,
      qtdNfe: null,
      valorCarga: 1000,
      xmlCached: true,
      diasEmAberto: 0,
    },
  };
}

async function mountForm(route = '/emitir-mdfe') {
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
  transport.handlers['drafts:delete'] = () => ({ ok: true, data: { ok: true } });
  transport.handlers['vehicles:list'] = () => ({ ok: true, data: { items: [] } });
  transport.handlers['drivers:list'] = () => ({ ok: true, data: { items: [] } });
  transport.handlers['mdfe:prefill'] = () => ({
    ok: true,
    data: {
      documentos: [cteDoc(1, MUN.portoAlegre, MUN.saoPaulo), cteDoc(2, MUN.portoAlegre, MUN.salvador)],
      rotas: [],
      produto: 'MOVEIS',
      problemas: [{ chave: '3'.repeat(44), motivo: 'CT-e cancelado: só CT-e autorizado entra em um MDF-e.' }],
    },
  });
  const result = await mountWith(EmitirMdfeView, transport, { route });
  mounted.push(result.wrapper);
  await useAppStore().updateSettings({ selectedCompany: company });
  await settle();
  return { ...result, transport, store: useMdfeFormStore() };
}

describe('MDF-e draft model', () => {
  it('a complete trip passes the schema; what is sent is normalized', () => {
    const d = validTrip();
    expect(validateMdfe(d)).toEqual({});
    const input = toMdfeInput(d);
    expect(input.seguros![0]!.averbacoes).toEqual(['456']);
    expect(input.veiculo.renavam).toBeNull();
    expect(input.veiculo.proprietario).toBeNull();
  });

  it('an empty form names its fields in Portuguese', () => {
    const errors = validateMdfe(emptyMdfeDraft());
    expect(errors.documentos).toBe('documentos: selecione ao menos um CT-e ou NF-e da viagem');
    expect(errors['veiculo.placa']).toContain('Placa inválida');
    expect(errors['veiculo.tara']).toBe('Informe a tara do veículo (kg).');
    expect(errors['condutores.0.nome']).toContain('Informe o nome');
    expect(errors['seguros.0.seguradora']).toBe('informe o nome da seguradora');
    expect(errors['produto.xProd']).toBe('informe a descrição do produto predominante');
  });

  it('proposes a route per unloading UF and counts one MDF-e per UF', () => {
    const d = validTrip();
    d.documentos = [cteDoc(1, MUN.portoAlegre, MUN.saoPaulo), cteDoc(2, MUN.portoAlegre, MUN.salvador)];
    expect(manifestCount(d)).toBe(2);
    expect(tripRoutes(d)).toEqual([
      { ufIni: 'RS', ufFim: 'SP', percurso: ['SC', 'PR'] },
      { ufIni: 'RS', ufFim: 'BA', percurso: ['SC', 'PR', 'SP', 'MG'] },
    ]);
    d.rotas = [{ ufFim: 'BA', percurso: ['SC', 'MG'] }];
    expect(validateMdfe(d)['rotas.0.percurso']).toContain('as UFs não fazem divisa na ordem informada');
  });
});

describe('MDF-e draft: what NT 2025.001 and G085 ask, pre-filled from the CT-e', () => {
  const lotacaoDoc = () => ({ ...cteDoc(1, MUN.saoPaulo, MUN.curitiba), frete: 980, ncm: '94036000' });

  it('a carga lotação gets the payment (tomador pays, 04 – Frete with vTPrest, à vista), the NCM and the contratante', () => {
    const d = emptyMdfeDraft();
    d.documentos = [lotacaoDoc()];
    prefillAntt(d, PAYEE);
    expect(d.pagamentos[0]).toMatchObject({
      nome: 'MOVEIS PARANA LTDA',
      cpfCnpj: '11444777000161',
      componentes: [{ tipo: '04', valor: 980, descricao: '' }],
      indPag: 0,
      pix: 'financeiro@rodoviaazul.com.br',
    });
    expect(d.produto.ncm).toBe('94036000');
    expect(d.contratantes).toEqual([{ nome: 'MOVEIS PARANA LTDA', cpfCnpj: '11444777000161' }]);
    // What the clerk filled is kept.
    d.produto.ncm = '17011400';
    d.pagamentos[0]!.indPag = 1;
    prefillAntt(d, PAYEE);
    expect([d.produto.ncm, d.pagamentos.length, d.pagamentos[0]!.indPag]).toEqual(['17011400', 1, 1]);
  });

  it('two CT-e to one UF get no payment block (not a carga lotação), but the contratantes', () => {
    const d = emptyMdfeDraft();
    d.documentos = docsSpPr();
    prefillAntt(d, null);
    expect(d.pagamentos).toEqual([]);
    expect(d.contratantes).toHaveLength(1);
  });

  it('each rule names its field in Portuguese: 301 at the NCM, 302 at the payment, 578 at the contratante', () => {
    const d = validTrip();
    d.documentos = [lotacaoDoc()];
    expect(validateMdfe(d)).toEqual({});
    d.produto.ncm = '';
    d.pagamentos = [];
    d.contratantes = [];
    const errors = validateMdfe(d);
    expect(errors['produto.ncm']).toMatch(/^NCM do produto predominante: obrigatório em carga lotação.*301/);
    expect(errors.pagamentos).toMatch(/^pagamento do frete: obrigatório em carga lotação.*302/);
    expect(errors.contratantes).toMatch(/^contratante: informe ao menos um.*578/);
  });
});

describe('MDF-e draft: carga lotação, tpTransp, carregamento posterior', () => {
  const withCeps = () => ({
    ...cteDoc(1, MUN.saoPaulo, MUN.curitiba),
    cepCarrega: '01310100',
    cepDescarga: '80010000',
  });

  it('one document: the places take its CEPs (never over what was typed) and are sent; two: not sent', () => {
    const d = validTrip();
    d.documentos = [withCeps()];
    d.lotacao.descarga = { modo: 'coordenadas', cep: '', latitude: '-25,4284', longitude: '-49,2733' };
    prefillLotacao(d);
    expect(d.lotacao.carrega).toEqual({ modo: 'cep', cep: '01310-100', latitude: '', longitude: '' });
    expect(d.lotacao.descarga.cep).toBe('');
    expect(validateMdfe(d)).toEqual({});
    expect(toMdfeInput(d).lotacao).toEqual({
      carrega: { cep: '01310-100', latitude: '', longitude: '' },
      descarga: { cep: '', latitude: '-25,4284', longitude: '-49,2733' },
    });
    d.documentos.push(cteDoc(2, MUN.saoPaulo, MUN.londrina));
    expect(toMdfeInput(d).lotacao).toBeNull();
    expect(validateMdfe(d)).toEqual({});
  });

  it('left empty, the block is optional; half filled, the missing place is named', () => {
    const d = validTrip();
    d.documentos = [cteDoc(1, MUN.saoPaulo, MUN.curitiba)];
    expect(toMdfeInput(d).lotacao).toBeNull();
    expect(validateMdfe(d)).toEqual({});
    d.lotacao.carrega.cep = '01310-100';
    expect(validateMdfe(d)).toEqual({
      'lotacao.descarga.cep': 'local de descarregamento: informe o CEP ou a latitude e a longitude',
    });
  });

  it('tpTransp is sent as chosen; carregamento posterior only on an own-load trip', () => {
    const d = validTrip();
    d.tpTransp = '3';
    d.carregaPosterior = true;
    expect(toMdfeInput(d)).toMatchObject({ tpTransp: '3', carregaPosterior: false });
    d.documentos = [nfeDoc(5, MUN.saoPaulo, MUN.curitiba)];
    d.seguros = [];
    d.tpTransp = '';
    expect(toMdfeInput(d)).toMatchObject({ tpTransp: '', carregaPosterior: true });
    expect(validateMdfe(d)).toEqual({});
  });

  it('a draft saved before these fields opens with them empty', () => {
    const d = fromSaved({ documentos: [], produto: { tpCarga: '05', xProd: 'X', ncm: '' } });
    expect(d.lotacao.carrega).toEqual({ modo: 'cep', cep: '', latitude: '', longitude: '' });
    expect(d.tpTransp).toBe('');
    expect(d.carregaPosterior).toBe(false);
  });
});

describe('Emitir MDF-e screen', () => {
  it('one CT-e shows the Carga lotação block with its CEPs; a second document hides it', async () => {
    const { wrapper, transport, store } = await mountForm();
    transport.handlers['mdfe:prefill'] = () => ({
      ok: true,
      data: {
        documentos: [
          { ...cteDoc(1, MUN.saoPaulo, MUN.curitiba), cepCarrega: '01310100', cepDescarga: '80010000' },
        ],
        rotas: [],
        produto: 'MOVEIS',
        problemas: [],
      },
    });
    await store.startFrom([cteKeyFrom('SP', 1)]);
    await settle();
    const block = wrapper.get('[data-testid="mdfe-lotacao"]');
    expect(block.text()).toContain('Carga lotação');
    expect(block.get('[data-testid="mdfe-lotacao-carrega-cep"]').element).toHaveProperty(
      'value',
      '01310-100',
    );
    expect(block.get('[data-testid="mdfe-lotacao-descarga-cep"]').element).toHaveProperty(
      'value',
      '80010-000',
    );
    await block.get('[data-testid="mdfe-lotacao-carrega-cep"]').setValue('0131');
    await settle();
    expect(wrapper.get('[data-path="lotacao.carrega.cep"]').text()).toContain(
      'CEP do local de carregamento: informe os 8 dígitos (ex.: 01310-100)',
    );
    store.data.lotacao.descarga.modo = 'coordenadas';
    await settle();
    expect(wrapper.find('[data-testid="mdfe-lotacao-descarga-cep"]').exists()).toBe(false);
    expect(wrapper.find('[data-testid="mdfe-lotacao-descarga-latitude"]').exists()).toBe(true);
    expect(wrapper.find('[data-testid="mdfe-carrega-posterior"]').exists()).toBe(false);
    store.data.documentos.push(cteDoc(2, MUN.saoPaulo, MUN.londrina));
    await settle();
    expect(wrapper.find('[data-testid="mdfe-lotacao"]').exists()).toBe(false);
  });

  it('the trip start is typed dd/mm/aaaa hh:mm whatever the locale, and kept as Brasília wall time', async () => {
    const { wrapper, store } = await mountForm();
    const input = wrapper.get<HTMLInputElement>('[data-path="dhIniViagem"] input');
    expect(input.attributes('placeholder')).toBe('dd/mm/aaaa hh:mm');
    await input.setValue('24/11/2026 08:30');
    await settle();
    expect(store.data.dhIniViagem).toBe('2026-11-24T08:30');
    await input.setValue('31/11/2026 08:30');
    await input.trigger('blur');
    await settle();
    expect(wrapper.get('[data-path="dhIniViagem"]').text()).toContain('Início da viagem');
    expect(wrapper.find('[data-path="dhIniViagem"] [data-testid="date-problem"]').exists()).toBe(true);
  });

  it('starts from the keys of the Documentos selection, says the trip splits and lists what was left out', async () => {
    const keys = [cteKeyFrom('RS', 1), cteKeyFrom('RS', 2)];
    const { wrapper, transport, store } = await mountForm(`/emitir-mdfe?chaves=${keys.join(',')}`);
    await settle();
    const prefill = transport.calls.find((c) => c.channel === 'mdfe:prefill');
    expect(prefill?.input).toEqual({ company, chaves: keys });
    expect(store.data.documentos).toHaveLength(2);
    expect(wrapper.find('[data-testid="mdfe-split"]').text()).toContain(
      'Esta viagem descarrega em 2 UFs (SP, BA): serão emitidos 2 MDF-e',
    );
    expect(wrapper.find('[data-testid="mdfe-prefill-problem"]').text()).toContain('CT-e cancelado');
    expect(wrapper.find('[data-testid="rota-BA"] input').element).toHaveProperty('value', 'SC, PR, SP, MG');
  });

  it('an own-load NF-e offers carregamento posterior; the vehicle step offers the tipo de transportador', async () => {
    const { wrapper, transport, store } = await mountForm();
    transport.handlers['mdfe:prefill'] = () => ({
      ok: true,
      data: { documentos: [nfeDoc(5, MUN.saoPaulo, MUN.curitiba)], rotas: [], produto: '', problemas: [] },
    });
    await store.startFrom([nfeDoc(5, MUN.saoPaulo, MUN.curitiba).chave]);
    await settle();
    expect(wrapper.find('[data-testid="mdfe-lotacao"]').exists()).toBe(true);
    await wrapper.get('[data-testid="mdfe-carrega-posterior"] input').setValue(true);
    await settle();
    expect(store.data.carregaPosterior).toBe(true);
    store.goTo(1);
    await settle();
    const select = wrapper.get('[data-path="tpTransp"]');
    expect(select.text()).toContain('Tipo de transportador');
    expect(select.text()).toContain('Não informar');
  });

  it('a single CT-e opens the payment pre-filled from it and the last payee; removed, 302 stops the sending', async () => {
    const { wrapper, transport, store } = await mountForm();
    const doc = {
      ...cteDoc(1, MUN.saoPaulo, MUN.curitiba),
      frete: 1850.5,
      ncm: '17011400',
      ncmDescricao: 'ACUCAR CRISTAL',
    };
    transport.handlers['mdfe:prefill'] = () => ({
      ok: true,
      data: { documentos: [doc], rotas: [], produto: 'ACUCAR', problemas: [] },
    });
    transport.handlers['payees:list'] = () => ({
      ok: true,
      data: {
        items: [
          { ...PAYEE, useCount: 3, lastUsedAt: '2026-11-20T10:00:00.000Z' },
          {
            cpfCnpj: '52998224725',
            nome: 'JOAO AUTONOMO',
            banco: '341',
            agencia: '0412',
            pix: '',
            useCount: 1,
            lastUsedAt: '2026-11-01T10:00:00.000Z',
          },
        ],
      },
    });
    await store.startFrom([doc.chave]);
    await settle();
    // The NCM of the NF-e inside the CT-e, shown with its description.
    expect(store.data.produto.ncm).toBe('17011400');
    expect(wrapper.get('[data-path="produto.ncm"]').text()).toContain('Da NF-e: ACUCAR CRISTAL');
    expect(store.data.contratantes).toEqual([{ nome: 'MOVEIS PARANA LTDA', cpfCnpj: '11444777000161' }]);
    expect(store.data.pagamentos).toEqual([
      {
        nome: 'MOVEIS PARANA LTDA',
        cpfCnpj: '11444777000161',
        componentes: [{ tipo: '04', valor: 1850.5, descricao: '' }],
        indPag: 0,
        adiantamento: null,
        parcelas: [],
        banco: '',
        agencia: '',
        pix: 'financeiro@rodoviaazul.com.br',
        recebedor: { nome: 'RODOVIA AZUL', cpfCnpj: company },
      },
    ]);
    store.goTo(2);
    await settle();
    expect(wrapper.get('[data-testid="pagamento-0"]').text()).toContain('Quem paga o frete');
    // Picking another remembered payee fills its bank data in place of the PIX key.
    store.data.pagamentos[0]!.recebedor = { nome: '', cpfCnpj: '' };
    const pick = wrapper.findComponent<typeof Select>('[data-testid="pagamento-0-recebedores"]');
    (pick as unknown as { vm: { $emit(e: string, v: string): void } }).vm.$emit(
      'update:modelValue',
      '52998224725',
    );
    await settle();
    expect(store.data.pagamentos[0]).toMatchObject({ banco: '341', agencia: '0412', pix: '' });
    // Without the payment, the form stops before sending with the 302 message at the block.
    await wrapper.get('[data-testid="pagamento-0-tirar"]').trigger('click');
    store.goTo(3);
    await settle();
    await wrapper.find('[data-testid="emitir-mdfe"]').trigger('click');
    await settle();
    expect(transport.calls.some((c) => c.channel === 'mdfe:issueForm')).toBe(false);
    expect(store.errorOf('pagamentos')).toContain('(a SEFAZ rejeita com 302)');
  });

  it('refuses to send an incomplete form and opens the step with the first problem', async () => {
    const { wrapper, transport, store } = await mountForm();
    store.goTo(3);
    await settle();
    await wrapper.find('[data-testid="emitir-mdfe"]').trigger('click');
    await settle();
    expect(store.step).toBe(0);
    expect(wrapper.find('[data-testid="mdfe-problem"]').text()).toMatch(/campos? a corrigir/);
    expect(transport.calls.some((c) => c.channel === 'mdfe:issueForm')).toBe(false);
  });

  it('the review lists every field left to correct under its step; a link opens the step and focuses it', async () => {
    const { wrapper, store } = await mountForm();
    const d = validTrip();
    d.seguros[0]!.seguradora = '';
    store.reset(d);
    store.goTo(3);
    await settle();
    const link = wrapper.get('[data-testid="review-problems"]').get('[data-problem="seguros.0.seguradora"]');
    expect(link.text()).toMatch(/^Seguro e pagamento: /);
    await link.trigger('click');
    await settle();
    expect(store.step).toBe(2);
    const input = wrapper.get('[data-path="seguros.0.seguradora"]').find('input');
    expect(document.activeElement).toBe(input.element);
  });

  it('sends one MDF-e per unloading UF; after a rejection only the missing UF is sent again', async () => {
    const { wrapper, transport, store } = await mountForm();
    const d = validTrip();
    d.documentos = [cteDoc(1, MUN.portoAlegre, MUN.saoPaulo), cteDoc(2, MUN.portoAlegre, MUN.salvador)];
    store.reset(d);
    await settle();
    let bahia = 0;
    transport.handlers['mdfe:issueForm'] = (input) => {
      const uf = (input as { ufFim: string }).ufFim;
      if (uf === 'BA' && bahia++ === 0)
        return {
          ok: true,
          data: {
            ...issued('BA', 8),
            status: 'rejeitado',
            mdfe: null,
            rejection: {
              codigo: 663,
              // As the sender words it (app/issuing/rejection-words.ts sefazInWords).
              motivo: 'A SEFAZ rejeitou o documento (código 663): Percurso informado inválido.',
              fields: [],
            },
          },
        };
      return { ok: true, data: issued(uf, uf === 'SP' ? 7 : 9) };
    };
    store.goTo(3);
    await settle();
    await wrapper.find('[data-testid="emitir-mdfe"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="mdfe-rejection"]').text()).toContain('663');
    expect(wrapper.find('[data-testid="mdfe-rejection-explained"]').text()).toContain(
      'informe as UFs atravessadas, na ordem',
    );
    expect(wrapper.find('[data-testid="mdfe-parcial"]').text()).toContain('MDF-e 7 (SP)');
    await wrapper.find('[data-testid="emitir-mdfe"]').trigger('click');
    await settle();
    const sent = transport.calls
      .filter((c) => c.channel === 'mdfe:issueForm')
      .map((c) => (c.input as { ufFim: string }).ufFim);
    expect(sent).toEqual(['SP', 'BA', 'BA']);
    expect(wrapper.find('[data-testid="mdfe-outcome"]').text()).toContain('2 MDF-e autorizados');
  });

  it('a new or loaded trip never shows the last one’s "já autorizado" (issue 26)', async () => {
    const { wrapper, transport, store } = await mountForm();
    const d = validTrip();
    d.documentos = [cteDoc(1, MUN.portoAlegre, MUN.saoPaulo), cteDoc(2, MUN.portoAlegre, MUN.salvador)];
    store.reset(d);
    await settle();
    transport.handlers['mdfe:issueForm'] = (input) => {
      const uf = (input as { ufFim: string }).ufFim;
      if (uf === 'BA')
        return {
          ok: true,
          data: {
            ...issued('BA', 8),
            status: 'rejeitado',
            mdfe: null,
            rejection: { codigo: 663, motivo: 'A SEFAZ rejeitou o documento (código 663).', fields: [] },
          },
        };
      return { ok: true, data: issued(uf, 7) };
    };
    store.goTo(3);
    await settle();
    await wrapper.find('[data-testid="emitir-mdfe"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="mdfe-parcial"]').text()).toContain('MDF-e 7 (SP)');
    store.load({ id: 99, data: validTrip() });
    await settle();
    expect(wrapper.find('[data-testid="mdfe-parcial"]').exists()).toBe(false);
    store.reset(d);
    await settle();
    expect(store.authorized).toEqual([]);
  });

  it('a rejection naming the plate marks it and opens the vehicle step', async () => {
    const { wrapper, transport, store } = await mountForm();
    store.reset(validTrip());
    await settle();
    const motivo =
      'A SEFAZ rejeitou o documento (código 611): Existe MDF-e não encerrado para esta placa, tipo de emitente e UF descarregamento.';
    transport.handlers['mdfe:issueForm'] = () => ({
      ok: true,
      data: {
        ...issued('PR', 8),
        status: 'rejeitado',
        mdfe: null,
        rejection: { codigo: 611, motivo, fields: ['veiculo.placa'] },
      },
    });
    store.goTo(3);
    await settle();
    await wrapper.find('[data-testid="emitir-mdfe"]').trigger('click');
    await settle();
    expect(store.step).toBe(1);
    expect(wrapper.find('[data-testid="mdfe-rejection"]').text()).toContain('611');
    const field = wrapper.find('[data-path="veiculo.placa"]');
    expect(field.classes()).toContain('cte-field--invalid');
    expect(field.text()).toContain('Existe MDF-e não encerrado para esta placa');
    expect(wrapper.find('[data-path="veiculo.tara"]').classes()).not.toContain('cte-field--invalid');
  });

  it('an open MDF-e of the truck is explained; "Encerrar o aberto" closes it, then it sends', async () => {
    const { wrapper, transport, store } = await mountForm();
    store.reset(validTrip());
    await settle();
    let warned = false;
    transport.handlers['mdfe:issueForm'] = (input) => {
      if (!warned && !(input as { ignorarAbertos: boolean }).ignorarAbertos) {
        warned = true;
        return {
          ok: false,
          error: {
            code: 'mdfe_open_conflict',
            message: 'Há MDF-e em aberto que a SEFAZ vai usar para rejeitar este: MDF-e 1/3 (placa ABC1D23).',
          },
        };
      }
      return { ok: true, data: issued('PR', 4) };
    };
    transport.handlers['mdfe:open'] = () => ({
      ok: true,
      data: {
        items: [{ ...issued('PR', 3).mdfe, municipiosDescarga: 'Curitiba, Londrina' }],
        outros: [],
        consultadoNaSefaz: true,
        aviso: null,
      },
    });
    // The cached manifest: its last unloading municipality (cMunDescarga) is where it closes.
    const open3 = mdfeDetailFixture();
    transport.handlers['mdfe:get'] = () => ({
      ok: true,
      data: {
        ...open3,
        mdfe: { ...issued('PR', 3).mdfe, municipiosDescarga: 'Curitiba, Londrina' },
        viagem: {
          ...open3.viagem!,
          descargas: [...open3.viagem!.descargas].reverse(),
          veiculo: { placa: 'ABC1D23', uf: 'SP', reboques: [] },
        },
      },
    });
    transport.handlers['mdfe:close'] = () => ({
      ok: true,
      data: {
        ...mdfeDetailFixture({ status: 'encerrado', events: [closingEvent] }),
        mdfe: { ...issued('PR', 3).mdfe, status: 'encerrado' },
        event: {},
      },
    });
    store.goTo(3);
    await settle();
    await wrapper.find('[data-testid="emitir-mdfe"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="mdfe-conflito"]').text()).toContain(
      'Este caminhão tem um MDF-e em aberto para PR',
    );
    await wrapper.find('[data-testid="mdfe-encerrar-aberto"]').trigger('click');
    await settle();
    // Asked first, in words: nothing goes to SEFAZ until "Sim, encerrar".
    expect(transport.calls.some((c) => c.channel === 'mdfe:close')).toBe(false);
    expect(dialog()!.textContent).toContain(
      'O MDF-e nº 3, série 1 (placa ABC1D23), vai ser encerrado na SEFAZ agora, em Londrina/PR',
    );
    click('confirm-act-back');
    await settle();
    expect(dialog()).toBeNull();
    expect(transport.calls.some((c) => c.channel === 'mdfe:close')).toBe(false);
    await wrapper.find('[data-testid="mdfe-encerrar-aberto"]').trigger('click');
    await settle();
    click('confirm-act-yes');
    await settle();
    expect(transport.calls.find((c) => c.channel === 'mdfe:close')?.input).toEqual({
      id: 3,
      uf: 'PR',
      codigoMunicipio: '4113700',
      data: brasiliaDay(new Date()),
    });
    expect(wrapper.find('[data-testid="mdfe-info"]').text()).toContain('encerrado em Londrina/PR');
    await wrapper.find('[data-testid="emitir-mdfe"]').trigger('click');
    await settle();
    expect(wrapper.find('[data-testid="mdfe-outcome"]').text()).toContain('MDF-e autorizado');
  });
});
